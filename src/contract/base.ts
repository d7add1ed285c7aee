import { Type, type Static } from 'typebox';

/** One academic year of the year list, newest first; `isDefault` 1 marks the default. */
export const YearItem = Type.Object({ dictValue: Type.String(), dictLabel: Type.String(), isDefault: Type.Integer() });
export type YearItem = Static<typeof YearItem>;
export const YearList = Type.Array(YearItem);

export const DictQuery = Type.Object({ dictType: Type.Optional(Type.String({ maxLength: 64 })) });
export type DictQuery = Static<typeof DictQuery>;

/** Dictionary forest: top level = dictionary types, below = their items (nested for disciplines). */
export const DictTreeItem = Type.Cyclic(
  {
    DictTreeItem: Type.Object({
      uuid: Type.String(),
      name: Type.String(),
      parentId: Type.String(),
      dictType: Type.String(),
      dictValue: Type.String(),
      dictLabel: Type.String(),
      children: Type.Array(Type.Ref('DictTreeItem')),
    }),
  },
  'DictTreeItem',
);
export type DictTreeItem = Static<typeof DictTreeItem>;
export const DictTree = Type.Array(DictTreeItem);
