// @vitest-environment node
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { DEPTH_ERROR } from '../engine/model/types';
import { exportedNotice, GENERIC_MSG, importedNotice, userMessage } from './messages';
import { testController } from './test-kit';

// Every failure a student sees from the editor is Chinese; imports that changed shape say how.

describe('what the student reads', () => {
  it('keeps our Chinese messages and replaces anything else with a Chinese one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(userMessage(new Error(DEPTH_ERROR))).toBe(DEPTH_ERROR);
    expect(userMessage(new Error('Missing Layout: zig（布局“zig”不存在）'))).toContain('不存在');
    expect(userMessage(new TypeError("Cannot read properties of null (reading 'x')"))).toBe(GENERIC_MSG);
    expect(userMessage(new Error('Network Error'), '图片上传失败')).toBe('图片上传失败');
    expect(userMessage(undefined)).toBe(GENERIC_MSG);
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('an engine command refused or failing reaches onError in Chinese only', async () => {
    const ctl = await testController();
    const shown: string[] = [];
    ctl.events.on('error', (m) => shown.push(m));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await ctl.run('moveNode', ['r', 'a', 0]);
    await ctl.run('priority', [['a'], 12]);
    // @ts-expect-error a name that is no command (typed away; a stale caller still gets Chinese)
    await ctl.run('noSuchCommand', []);
    // @ts-expect-error a bug's TypeError, English from the JS engine
    await ctl.run('paste', [['a'], null]);
    warn.mockRestore();
    expect(shown).toEqual(['根主题不能移动', expect.stringContaining('优先级'), '未知的命令：noSuchCommand', GENERIC_MSG]);
    for (const m of shown) expect(m).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a file import wraps a forest under the file name and returns its notice; a refusal goes to onError', async () => {
    const ctl = await testController();
    const shown: string[] = [];
    ctl.events.on('error', (m) => shown.push(m));
    const notices = await ctl.io.importFile('txt', '第一章\n\t要点\n第二章\n', '复习提纲');
    expect(ctl.model.get(ctl.model.rootId)?.text).toBe('复习提纲');
    expect(ctl.model.get(ctl.model.rootId)?.children.map((id) => ctl.model.get(id)?.text)).toEqual(['第一章', '第二章']);
    expect(ctl.state.selection).toEqual([ctl.model.rootId]);
    expect(importedNotice(notices!, '复习提纲.txt')).toBe('已导入「复习提纲.txt」，文件有 2 个顶层主题，已放在新建的根主题“复习提纲”下。可按 Ctrl+Z 撤销。');
    expect(await ctl.io.importFile('txt', '根\n\t\t跳级', 'x')).toBeNull();
    expect(shown).toEqual([expect.stringMatching(/^Invalid local format：第 2 行：缩进跳级/)]);
    expect(ctl.model.get(ctl.model.rootId)?.text).toBe('复习提纲');
    expect(importedNotice([], '图.km')).toBe('已导入「图.km」，可按 Ctrl+Z 撤销。');
    expect(importedNotice([])).toBe('已导入粘贴的内容，可按 Ctrl+Z 撤销。');
    // An import that leaves out nodes with review cards says so (issue 20).
    expect(importedNotice([], '图.km', 2)).toBe('已导入「图.km」，2 张复习卡片已停用，按 Ctrl+Z 撤销导入可恢复。');
    // pasted text has no file name: the new root is 中心主题
    expect(importedNotice((await ctl.io.importFile('txt', '甲\n乙'))!)).toContain('“中心主题”');
    expect(ctl.model.get(ctl.model.rootId)?.text).toBe('中心主题');
  });

  it('an .xmind file (bytes) imports with what it could not keep; an .opml export says what it could not hold', async () => {
    const ctl = await testController();
    const content = JSON.stringify([
      {
        id: 's',
        class: 'sheet',
        rootTopic: { title: '复习', markers: [{ markerId: 'priority-2' }], children: { attached: [{ title: '一' }] } },
        relationships: [{}],
      },
    ]);
    const notices = await ctl.io.importFile('xmind', zipSync({ 'content.json': strToU8(content) }), '复习');
    expect(ctl.model.get(ctl.model.rootId)?.text).toBe('复习');
    expect(importedNotice(notices!, '复习.xmind')).toBe('已导入「复习.xmind」，以下内容未能保留：关联线 1 条。可按 Ctrl+Z 撤销。');
    const out = await ctl.io.exportFile('opml');
    expect(typeof out.data === 'string' && out.data).toContain('<outline text="复习">');
    expect(exportedNotice(out.notices, '复习.opml')).toBe('已导出「复习.opml」，以下内容未能保留：优先级 1 个。');
    const xmind = await ctl.io.exportFile('xmind');
    expect(ArrayBuffer.isView(xmind.data)).toBe(true); // bytes (a Uint8Array of the worker's realm)
  });
});
