import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints snippets as if they lived at a given path, so each boundary is proven to fail lint.
const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../..') });

async function violations(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(import.meta.dirname, '../..', path) });
  return result!.messages.filter((m) => m.ruleId === 'xuetu/boundaries' || m.ruleId === 'no-restricted-globals').map((m) => m.message);
}

describe('layer boundaries', () => {
  it.each([
    ['src/engine/model/x.ts', "import { proxy } from 'valtio';\nexport const a = proxy({});\n"],
    ['src/engine/model/x.ts', "import { Container } from 'pixi.js';\nexport const c = new Container();\n"],
    ['src/engine/model/x.ts', "import * as React from 'react';\nexport const r = React;\n"],
    ['src/engine/model/x.ts', "import * as Comlink from 'comlink';\nexport const c = Comlink;\n"],
    ['src/engine/model/x.ts', "import { App } from '../../app/App';\nexport const a = App;\n"],
    ['src/engine/model/x.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n"],
    ['src/engine/model/x.ts', 'export const w = document.title;\n'],
    ['src/server/modules/x.ts', "import { Home } from '../../features/home/Home';\nexport const h = Home;\n"],
    ['src/server/modules/x.ts', "import { siteConfig } from '../../app/site-config';\nexport const s = siteConfig;\n"],
    ['src/server/modules/x.ts', "import axios from 'axios';\nexport const a = axios;\n"],
    ['src/features/courses/x.ts', "import { Home } from '../home/Home';\nexport const h = Home;\n"],
    ['src/features/courses/list/x.ts', "import { Home } from '../../home/Home';\nexport const h = Home;\n"],
    ['src/features/courses/x.ts', "import { loadConfig } from '../../server/config';\nexport const l = loadConfig;\n"],
    ['src/worker/x.ts', "import { App } from '../app/App';\nexport const a = App;\n"],
    ['src/worker/x.ts', "import * as Comlink from 'comlink';\nexport const a = Comlink;\n"],
    ['src/features/mindmap/x.ts', "import * as Comlink from 'comlink';\nexport const a = Comlink;\n"],
    ['src/contract/x.ts', "import { ok } from '../server/http/envelope';\nexport const a = ok;\n"],
    ['src/contract/x.ts', "import { RESULT_OK } from '../app/http/client';\nexport const a = RESULT_OK;\n"],
    ['src/contract/x.ts', "import { Type } from '@sinclair/typebox';\nexport const a = Type;\n"],
    ['src/contract/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
    ['src/features/help/x.ts', "import { Envelope } from '../../contract/common';\nexport const a = Envelope;\n"],
    ['src/app/x.ts', "import { type Id, Page } from '../contract/common';\nexport const a = Page;\nexport type I = Id;\n"],
  ])('%s rejects: %s', async (path, code) => {
    expect(await violations(path, code)).not.toEqual([]);
  });

  it.each([
    ['src/engine/model/x.ts', "import { y } from './y';\nexport const a = y;\n"],
    ['src/engine/cli.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n"],
    [
      'src/features/courses/x.ts',
      "import { navigate } from '../../app/router/hash-location';\nimport { Foo } from './Foo';\nexport const a = [navigate, Foo];\n",
    ],
    ['src/worker/client.ts', "import * as Comlink from 'comlink';\nimport { e } from '../engine/e';\nexport const a = [Comlink, e];\n"],
    ['src/features/mindmap/x.ts', "import { startEngineWorker } from '../../worker/client';\nexport const a = startEngineWorker;\n"],
    ['src/server/modules/x.ts', "import { e } from '../../engine/e';\nexport const a = e;\n"],
    ['src/app/App.tsx', "import { Home } from '../features/home/Home';\nexport const a = Home;\n"],
    ['src/contract/x.ts', "import { Type } from 'typebox';\nimport { Id } from './common';\nexport const a = Type.Object({ id: Id });\n"],
    ['src/server/modules/x.ts', "import { Envelope } from '../../contract/common';\nexport const a = Envelope;\n"],
    [
      'src/features/help/x.ts',
      "import type { Static } from 'typebox';\nimport type { Id } from '../../contract/common';\nexport type I = Static<typeof Id>;\n",
    ],
    [
      'src/app/x.ts',
      "import { type Id } from '../contract/common';\nimport { isPhone } from '../contract/rules';\nexport type I = Id;\nexport const p = isPhone;\n",
    ],
  ])('%s allows: %s', async (path, code) => {
    expect(await violations(path, code)).toEqual([]);
  });
});
