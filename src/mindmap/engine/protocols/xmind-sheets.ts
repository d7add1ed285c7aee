// The sheets of an XMind workbook (issue 33.3): each can become its own map. Shared by the
// XMind 2020 (xmind.ts) and XMind 8 (xmind8.ts) readers.

/** A sheet of a workbook as the import dialog and the command line list it. */
export interface XmindSheet {
  /** The sheet's name, else its root topic's title, else 画布 N. */
  title: string;
  /** Topics a map of it gets: the root, subtopics and floating topics with theirs. */
  topics: number;
}

/** What a sheet is called in a list: its name, else its root's title, else 画布 N. */
export function sheetTitle(title: string | undefined, rootTitle: string | undefined, index: number): string {
  return title?.trim() || rootTitle?.trim() || `画布 ${index + 1}`;
}

/** The refusal of a sheet number beyond the workbook's. */
export const noSheet = (sheet: number, count: number) => new Error(`无法导入 .xmind 文件：没有第 ${sheet + 1} 个画布（这个文件共有 ${count} 个画布）`);
