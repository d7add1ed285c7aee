// Where and why a .km file is not JSON, in Chinese. JSON.parse's messages differ per engine
// (V8 gives an offset, Safari nothing) and are English, so on failure we scan the text again
// ourselves. Iterative: a file nested 100 000 deep must not overflow the stack.

export interface JsonError {
  line: number;
  column: number;
  what: string;
}

const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

function shown(ch: string): string {
  const code = ch.codePointAt(0)!;
  return code < 0x20 || code === 0x7f ? `控制字符 U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `“${ch}”`;
}

/** Offset and reason of the first syntax error, or null when the text is valid JSON. */
export function findJsonError(s: string): { at: number; what: string } | null {
  const stack: string[] = [];
  let i = 0;
  const skip = () => {
    while (i < s.length && WS.has(s[i])) i++;
  };
  const fail = (what: string, at = i) => ({ at, what: i >= s.length && at === i ? '文件在这里意外结束' : what });
  const str = (): { at: number; what: string } | null => {
    for (i++; i < s.length; i++) {
      const ch = s[i];
      if (ch === '"') {
        i++;
        return null;
      }
      if (ch === '\\') {
        const e = s[i + 1];
        if (e === 'u' ? !/^[0-9a-fA-F]{4}$/.test(s.slice(i + 2, i + 6)) : !ESCAPES.has(e)) return fail('字符串里有无效的反斜杠转义', i);
        i += e === 'u' ? 5 : 1;
      } else if (ch < ' ') return { at: i, what: '字符串里不能直接换行或有控制字符（要写成 \\n 这样的转义）' };
    }
    return { at: i, what: '字符串没有结束（缺少右引号 "）' };
  };
  let expectValue = true;
  for (;;) {
    skip();
    if (expectValue) {
      if (i >= s.length) return fail('');
      const ch = s[i];
      if (ch === '{' || ch === '[') {
        stack.push(ch);
        i++;
        skip();
        if (s[i] === (ch === '{' ? '}' : ']')) {
          stack.pop();
          i++;
          expectValue = false;
          continue;
        }
        if (ch === '[') continue;
        if (s[i] !== '"') return fail(i < s.length ? `这里应是属性名（用双引号括起），却是${shown(s[i])}` : '');
        const e = str();
        if (e) return e;
        skip();
        if (s[i] !== ':') return fail(i < s.length ? `属性名后缺少冒号“:”` : '');
        i++;
        continue;
      }
      if (ch === '"') {
        const e = str();
        if (e) return e;
      } else if (ch === '-' || (ch >= '0' && ch <= '9')) {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(s)) return fail('数字写法不对');
        i = NUMBER.lastIndex;
      } else {
        const word = ['true', 'false', 'null'].find((w) => s.startsWith(w, i));
        if (!word) {
          const prev = s.slice(0, i).trimEnd().slice(-1);
          return fail((ch === ']' || ch === '}') && prev === ',' ? '最后一项后面多了逗号' : `这里应是一个值，却是${shown(ch)}`);
        }
        i += word.length;
      }
      expectValue = false;
      continue;
    }
    const open = stack[stack.length - 1];
    if (open === undefined) return i < s.length ? fail(`内容已经结束，后面却还有${shown(s[i])}`) : null;
    const close = open === '{' ? '}' : ']';
    if (s[i] === close) {
      stack.pop();
      i++;
      continue;
    }
    if (s[i] !== ',') return fail(i < s.length ? `缺少逗号“,”或“${close}”，却是${shown(s[i])}` : '');
    i++;
    if (open === '{') {
      skip();
      if (s[i] !== '"') return fail(s[i] === '}' ? '最后一项后面多了逗号' : i < s.length ? `这里应是属性名（用双引号括起），却是${shown(s[i])}` : '');
      const e = str();
      if (e) return e;
      skip();
      if (s[i] !== ':') return fail(i < s.length ? `属性名后缺少冒号“:”` : '');
      i++;
    }
    expectValue = true;
  }
}

/** 1-based line and column of an offset; CRLF, CR and LF each end a line. */
export function lineColumn(s: string, at: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < at && i < s.length; i++) {
    const ch = s[i];
    if (ch === '\n' || (ch === '\r' && s[i + 1] !== '\n')) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: at - start + 1 };
}

export function describeJsonError(s: string): JsonError | null {
  const e = findJsonError(s);
  if (!e) return null;
  return { ...lineColumn(s, e.at), what: e.what };
}
