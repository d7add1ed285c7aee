import { proxy } from 'valtio';
import type { DictTreeItem, YearItem } from '../../contract/base';
import { apiGet, RESULT_OK } from '../http/client';
import { getLocal, setLocal, STORAGE_KEYS } from '../lib/storage';
import type { ClassifyItem } from '../../contract/cases';

export type { YearItem };
export type DictItem = DictTreeItem;

/** A node of the case classification tree (getCaseClassifyList). */
export type TreeItem = ClassifyItem;

/** The year used when the year list is unknown (SPEC §3). */
export const DEFAULT_YEAR = '2021';

/**
 * Reference data shared by many screens: year list, dictionaries and the case classification
 * tree. Kept in local storage as well (SPEC §3) so a reload renders filters before the network
 * answers. Read with `useSnapshot(reference)`.
 */
export const reference = proxy({
  years: getLocal<YearItem[]>(STORAGE_KEYS.yearList) ?? [],
  dicts: getLocal<DictItem[]>(STORAGE_KEYS.dicts) ?? [],
  classifyList: getLocal<TreeItem[]>(STORAGE_KEYS.classifyList) ?? [],
});

/** The year marked default by the server, else the newest, else 2021. */
export function defaultYear(years: readonly YearItem[]): string {
  return years.find((y) => y.isDefault === 1)?.dictValue ?? years[0]?.dictValue ?? DEFAULT_YEAR;
}

/** Items of one dictionary type (the top level of the tree is the types). */
export function dictItems(dicts: readonly DictItem[], dictType: string): readonly DictItem[] {
  return dicts.find((d) => d.dictType === dictType || d.dictValue === dictType)?.children ?? [];
}

// Failures keep the stored copy: these lists are conveniences, never a reason to show an error.
async function load<T>(url: string, apply: (data: T) => void): Promise<void> {
  try {
    const res = await apiGet<T>(url);
    if (res.resultCode === RESULT_OK && res.data) apply(res.data);
  } catch {
    // offline or aborted: keep what we have
  }
}

export const loadYearList = () =>
  load<YearItem[]>('/api/baseManage/v1/sysConfig/getYearList', (years) => {
    reference.years = years;
    setLocal(STORAGE_KEYS.yearList, years);
  });

/** Dictionaries and the classification list are fetched on every start, logged in or not (SPEC §4). */
export const loadAlwaysFetched = () =>
  Promise.all([
    load<DictItem[]>('/api/baseManage/v1/dictData/getTreeDicts', (dicts) => {
      reference.dicts = dicts;
      setLocal(STORAGE_KEYS.dicts, dicts);
    }),
    load<TreeItem[]>('/api/course/caseClassification/getCaseClassifyList', (list) => {
      reference.classifyList = list;
      setLocal(STORAGE_KEYS.classifyList, list);
    }),
  ]);
