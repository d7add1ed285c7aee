import type { ActionContext } from './actions';
import { EXPAND_LEVELS } from './actions';

// Style controls of the toolbar for what the engine stores per node (font colour, background,
// font size; bold / italic are registry buttons): each shows the selected node's value as drawn,
// so the theme's default appears until the student picks another. 默认样式 removes them all.

const SIZES = [10, 12, 14, 16, 18, 20, 24, 28, 32, 40, 48];

const hex = (rgb: number | null | undefined, fallback: string) => (rgb === null || rgb === undefined ? fallback : `#${rgb.toString(16).padStart(6, '0')}`);

export function StyleControls({ ctx }: { ctx: ActionContext }) {
  const { ctl } = ctx;
  const sel = ctl.state.selection;
  const off = !sel.length;
  const st = ctl.doc.styleOf(ctl.primary);
  const size = st?.fontSize ?? 14;
  // One undo step per burst of picker moves on the same selection.
  const key = (what: string) => `${what}:${sel.join(',')}`;
  // The native change event fires once the picker closes with a colour: back to the map then.
  const committed = (el: HTMLInputElement | null) => {
    if (el) el.onchange = () => ctx.ui.focusMap();
  };
  return (
    <>
      <label className="mind-toolbar__field">
        字体颜色
        <input
          ref={committed}
          type="color"
          disabled={off}
          value={hex(st?.textColor, '#000000')}
          onChange={(e) => void ctl.run('foreColor', [sel, e.target.value], { mergeKey: key('color') })}
        />
      </label>
      <label className="mind-toolbar__field">
        背景颜色
        <input
          ref={committed}
          type="color"
          disabled={off}
          value={hex(st?.fill, '#ffffff')}
          onChange={(e) => void ctl.run('background', [sel, e.target.value], { mergeKey: key('background') })}
        />
      </label>
      <label className="mind-toolbar__field">
        字号
        <select disabled={off} value={size} onChange={(e) => void ctl.run('fontSize', [sel, Number(e.target.value)])}>
          {[...new Set([...SIZES, size])]
            .sort((a, b) => a - b)
            .map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
        </select>
      </label>
      <button
        type="button"
        className="mind-toolbar__btn"
        disabled={off}
        onClick={() => {
          const k = `clear:${Date.now()}`;
          void ctl.run('foreColor', [sel, null], { mergeKey: k });
          void ctl.run('background', [sel, null], { mergeKey: k });
          void ctl.run('fontSize', [sel, null], { mergeKey: k });
          void ctl.run('bold', [sel, false], { mergeKey: k });
          void ctl.run('italic', [sel, false], { mergeKey: k });
        }}
      >
        默认样式
      </button>
      <ExpandPicker ctx={ctx} />
    </>
  );
}

/** 展开 to a level: a view change, on the read-only map's toolbar too. */
export function ExpandPicker({ ctx }: { ctx: ActionContext }) {
  const { ctl } = ctx;
  return (
    <label className="mind-toolbar__field">
      展开
      <select value="" onChange={(e) => e.target.value && void ctl.run('expandToLevel', [Number(e.target.value)])}>
        <option value="">选择层级</option>
        {EXPAND_LEVELS.map(([level, label]) => (
          <option key={level} value={level}>
            {label}（{level < 10 ? `Alt+${level}` : 'Alt+`'}）
          </option>
        ))}
      </select>
    </label>
  );
}
