import { act, fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { localEngine } from '../worker/client';
import { createEngineHost } from '../worker/host';
import { AriaTree, markersText, saidInOrder, VIRTUAL_FROM } from './AriaTree';
import { EditorController } from './controller';

// The outline tree of a large map is virtualised by scroll position (jsdom has no layout: the
// tree's height is given to it), on the real engine in-process.

/** Root + `branches` level-2 nodes with `leaves` children each. */
function bigMap(branches: number, leaves: number) {
  const children = Array.from({ length: branches }, (_, b) => ({
    data: { id: `b${b}`, text: `分支${b}` },
    children: Array.from({ length: leaves }, (_, l) => ({ data: { id: `b${b}-${l}`, text: `叶${b}-${l}` } })),
  }));
  return { root: { data: { id: 'r', text: '根' }, children }, template: 'default', theme: 'fresh-blue', version: '1.4.43' };
}

// jsdom has no ResizeObserver; the tree only needs to be told of resizes.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    disconnect() {}
  },
);

async function setup(branches: number, leaves: number) {
  const ctl = new EditorController(localEngine(createEngineHost()));
  await ctl.open(bigMap(branches, leaves), false);
  const keys = vi.fn();
  const view = render(<AriaTree ctl={ctl} onKeyDown={keys} onToggle={() => {}} onRowClick={() => {}} onRowMenu={() => {}} rowHeight={20} />);
  const tree = view.getByRole('tree');
  Object.defineProperty(tree, 'clientHeight', { configurable: true, value: 200 });
  return { ctl, tree, keys };
}

const rowTexts = (tree: HTMLElement) => [...tree.querySelectorAll('[role=treeitem]')].map((r) => r.querySelector('.mind-tree__text')!.textContent);

describe('AriaTree virtualised', () => {
  it('renders only the rows in view, any distance from the selection, with level, set size and position', async () => {
    const { ctl, tree } = await setup(100, 29); // 1 + 100 × 30 = 3001 rows
    expect(ctl.model.rows().ids.length).toBeGreaterThan(VIRTUAL_FROM);
    await act(async () => fireEvent.scroll(tree));
    await act(() => new Promise((r) => requestAnimationFrame(r)));
    const first = rowTexts(tree);
    expect(first.length).toBeLessThan(40);
    expect(first[0]).toBe('根');
    const b0 = tree.querySelector('[data-id=b0]')!;
    expect([b0.getAttribute('aria-level'), b0.getAttribute('aria-setsize'), b0.getAttribute('aria-posinset')]).toEqual(['2', '100', '1']);
    // scroll to the end, far beyond ±150 rows of the selection (the root)
    tree.scrollTop = 3001 * 20 - 200;
    await act(async () => fireEvent.scroll(tree));
    await act(() => new Promise((r) => requestAnimationFrame(r)));
    const rows = [...tree.querySelectorAll<HTMLElement>('[role=treeitem]')];
    const last = rows.find((r) => r.dataset.id === 'b99-28')!;
    expect(last).toBeTruthy();
    expect(last.style.top).toBe(`${3000 * 20}px`);
    expect(last.getAttribute('aria-level')).toBe('3');
    expect(last.getAttribute('aria-setsize')).toBe('29');
    expect(last.getAttribute('aria-posinset')).toBe('29');
    expect(rows.find((r) => r.dataset.id === 'b99-20')?.getAttribute('aria-posinset')).toBe('21');
    // the selected (focusable) row stays mounted while out of view
    const root = rows.find((r) => r.dataset.id === 'r')!;
    expect(root.tabIndex).toBe(0);
    expect(rows.length).toBeLessThan(40);
  });

  it('scrolls to the row a key selects and keeps the focus on it', async () => {
    const { ctl, tree } = await setup(100, 29);
    const root = tree.querySelector<HTMLElement>('[data-id=r]')!;
    root.focus();
    await act(async () => ctl.select(['b60-5']));
    const row = tree.querySelector<HTMLElement>('[data-id="b60-5"]')!;
    expect(document.activeElement).toBe(row);
    const y = ctl.model.rows().index.get('b60-5')! * 20;
    expect(tree.scrollTop).toBe(y + 20 - 200);
  });

  it('walks the rows again only when the shape changes, not for a text or mark edit', async () => {
    const { ctl } = await setup(100, 29);
    const before = ctl.model.rows();
    await act(async () => void (await ctl.run('editText', ['b3', '新文字'])));
    await act(async () => void (await ctl.run('setStudy', [['b4'], true])));
    expect(ctl.model.rows()).toBe(before);
    await act(async () => void (await ctl.run('appendChild', ['b3', '分支主题'])));
    const after = ctl.model.rows();
    expect(after).not.toBe(before);
    expect(after.ids.length).toBe(before.ids.length + 1);
    await act(async () => void (await ctl.run('collapse', [['b5']])));
    expect(ctl.model.rows().ids.length).toBe(after.ids.length - 29);
  });

  it('a small map shows every row', async () => {
    const { tree } = await setup(5, 3);
    expect(tree.classList.contains('is-virtual')).toBe(false);
    expect(tree.querySelectorAll('[role=treeitem]')).toHaveLength(21);
  });
});

describe('markersText', () => {
  it("reads kityminder resource (an imported XMind label) as the node's tags, not as study resources", () => {
    const node = {
      id: 'n',
      parentId: 'r',
      level: 2,
      text: '决策树',
      priority: 0,
      isStudy: 0,
      isNow: 0,
      hasNote: false,
      href: '',
      image: '',
      resource: ['重点', '考点'],
      collapsed: false,
      childCount: 0,
      children: [],
    };
    expect(markersText(node as unknown as Parameters<typeof markersText>[0])).toEqual(['标签：重点、考点']);
  });
});

describe('AriaTree summaries not drawn', () => {
  it('lists a summary a template change put across the root as 当前结构不显示; a click selects it for Delete', async () => {
    const ctl = new EditorController(localEngine(createEngineHost()));
    await ctl.open(bigMap(2, 1), false);
    await ctl.run('template', ['right']);
    ctl.select(['b0', 'b1']);
    const id = (await ctl.addSummary())!;
    await ctl.run('template', ['default']); // b0 right of the root, b1 left: no side for the brace
    expect(ctl.model.summaries.isDrawn(id)).toBe(false);
    const view = render(<AriaTree ctl={ctl} onKeyDown={() => {}} onToggle={() => {}} onRowClick={() => {}} onRowMenu={() => {}} rowHeight={20} />);
    const row = view.getByRole('treeitem', { name: '概要：概要（分支0 至 分支1），当前结构不显示' });
    await act(async () => fireEvent.click(row));
    expect(ctl.state.summary).toBe(id);
    await act(() => ctl.removeSummary(id));
    expect(ctl.model.summaries.list).toEqual([]);
  });
});

describe('AriaTree summaries with formulas', () => {
  // Rows show what the student typed ($…$), as topic rows do; their names say the formula.
  for (const [what, branches, leaves] of [
    ['a small tree (summary rows)', 2, 1],
    ['a virtualised tree (summary marks on the parent row)', 20, 20],
  ] as const)
    it(`${what}: shown as typed, named as said`, async () => {
      const ctl = new EditorController(localEngine(createEngineHost()));
      await ctl.open(bigMap(branches, leaves), false);
      await ctl.run('editText', ['b0-0', '甲一']);
      await ctl.run('appendSibling', ['b0-0', '勾股定理 $a^2+b^2=c^2$']);
      const last = ctl.model.get('b0')!.children[1];
      ctl.select(['b0-0', last]);
      const id = (await ctl.addSummary())!;
      await ctl.run('summaryText', [id, '勾股定理 $a^2+b^2=c^2$']);
      const view = render(<AriaTree ctl={ctl} onKeyDown={() => {}} onToggle={() => {}} onRowClick={() => {}} onRowMenu={() => {}} rowHeight={20} />);
      const said = '概要：勾股定理 公式：a^2+b^2=c^2（甲一 至 勾股定理 公式：a^2+b^2=c^2）';
      const shown = '概要：勾股定理 $a^2+b^2=c^2$（甲一 至 勾股定理 $a^2+b^2=c^2$）';
      const row = branches > 2 ? view.getByRole('treeitem', { name: `分支0，${said}` }) : view.getByRole('treeitem', { name: said });
      expect(row.textContent).toContain(shown);
      expect(row.textContent).not.toContain('公式：');
    });
});

describe('saidInOrder', () => {
  it('says the marks as the row shows them, 已学 (a ✓ without a word) last, so the visible words are one run of the name', () => {
    expect(saidInOrder(['已学', '有备注', '已学 1/1', '学习资源1个'])).toEqual(['有备注', '已学 1/1', '学习资源1个', '已学']);
    expect(saidInOrder(['正在学'])).toEqual(['正在学']);
  });
});

describe('AriaTree row with a link', () => {
  it("keeps the row's visible words one run of its name: the 链接 shortcut is the mouse's, the name already says 有链接 (axe's label-content-name-mismatch)", async () => {
    const ctl = new EditorController(localEngine(createEngineHost()));
    const doc = {
      root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: '用户调研', hyperlink: 'https://example.org/a', priority: 3 } }] },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
    };
    await ctl.open(doc, false);
    const view = render(<AriaTree ctl={ctl} onKeyDown={() => {}} onToggle={() => {}} onRowClick={() => {}} onRowMenu={() => {}} rowHeight={20} />);
    const row = view.container.querySelector<HTMLElement>('[data-id=a]')!;
    expect(row.getAttribute('aria-label')).toMatch(/^用户调研，.*有链接/);
    // axe needs layout (jsdom has none): its visible text is the row's text outside aria-hidden
    // parts (the fold arrow is a button of its own), which must be in the name, in order.
    const visible = (el: Element): string =>
      [...el.childNodes]
        .map((n) =>
          n.nodeType === Node.TEXT_NODE
            ? (n.textContent ?? '')
            : (n as Element).getAttribute('aria-hidden') === 'true' || (n as Element).tagName === 'BUTTON'
              ? ''
              : visible(n as Element),
        )
        .join('');
    const words = (text: string) => text.replace(/[\s，。、]/g, '');
    expect(words(visible(row))).toBe('用户调研');
    expect(words(row.getAttribute('aria-label')!)).toContain(words(visible(row)));
  });
});
