import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';

const t = useTestApp();

describe('reference data', () => {
  it('getYearList lists years with 2021 as the default', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/baseManage/v1/sysConfig/getYearList' })).json();
    expect(body.resultCode).toBe(200);
    expect(body.data).toContainEqual({ dictValue: '2021', dictLabel: '2021年', isDefault: 1 });
  });

  it('getTreeDicts answers a tree of dictionary types and items', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/baseManage/v1/dictData/getTreeDicts' })).json();
    const sex = body.data.find((d: { dictType: string }) => d.dictType === 'sex');
    expect(sex.children).toContainEqual(expect.objectContaining({ dictValue: '1', dictLabel: '女', uuid: expect.any(String), parentId: sex.uuid, name: '女' }));
    const one = (await t.app.inject({ method: 'GET', url: '/api/baseManage/v1/dictData/getTreeDicts?dictType=discipline' })).json();
    expect(one.data).toHaveLength(1);
    expect(one.data[0].children[0].children.length).toBeGreaterThan(0);
  });
});
