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
    ['src/mindmap/engine/model/x.ts', "import { proxy } from 'valtio';\nexport const a = proxy({});\n"],
    ['src/mindmap/engine/model/x.ts', "import { Container } from 'pixi.js';\nexport const c = new Container();\n"],
    ['src/mindmap/engine/model/x.ts', "import * as React from 'react';\nexport const r = React;\n"],
    ['src/mindmap/engine/model/x.ts', "import * as Comlink from 'comlink';\nexport const c = Comlink;\n"],
    ['src/mindmap/engine/model/x.ts', "import { App } from '../../../app/App';\nexport const a = App;\n"],
    ['src/mindmap/engine/model/x.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n"],
    ['src/mindmap/engine/model/x.ts', 'export const w = document.title;\n'],
    ['src/server/modules/x.ts', "import { Home } from '../../features/home/Home';\nexport const h = Home;\n"],
    ['src/server/modules/x.ts', "import { siteConfig } from '../../app/site-config';\nexport const s = siteConfig;\n"],
    ['src/server/modules/x.ts', "import axios from 'axios';\nexport const a = axios;\n"],
    ['src/features/courses/x.ts', "import { Home } from '../home/Home';\nexport const h = Home;\n"],
    ['src/features/courses/list/x.ts', "import { Home } from '../../home/Home';\nexport const h = Home;\n"],
    ['src/features/courses/x.ts', "import { loadConfig } from '../../server/config';\nexport const l = loadConfig;\n"],
    ['src/mindmap/worker/x.ts', "import { App } from '../../app/App';\nexport const a = App;\n"],
    ['src/mindmap/worker/x.ts', "import * as Comlink from 'comlink';\nexport const a = Comlink;\n"],
    ['src/features/mindmap/x.ts', "import * as Comlink from 'comlink';\nexport const a = Comlink;\n"],
    ['src/contract/x.ts', "import { ok } from '../server/http/envelope';\nexport const a = ok;\n"],
    ['src/contract/x.ts', "import { RESULT_OK } from '../app/http/client';\nexport const a = RESULT_OK;\n"],
    ['src/contract/x.ts', "import { Type } from '@sinclair/typebox';\nexport const a = Type;\n"],
    ['src/contract/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
    ['src/features/help/x.ts', "import { Envelope } from '../../contract/common';\nexport const a = Envelope;\n"],
    ['src/app/x.ts', "import { type Id, Page } from '../contract/common';\nexport const a = Page;\nexport type I = Id;\n"],
    // the map package: one entry from outside, and nothing of the app from inside
    ['src/features/courses/x.ts', "import { EditorController } from '../../mindmap/editor/controller';\nexport const a = EditorController;\n"],
    ['src/features/mindmap/x.ts', "import { startEngineWorker } from '../../mindmap/worker/client';\nexport const a = startEngineWorker;\n"],
    ['src/app/x.ts', "import { KM_VERSION } from '../mindmap/engine/model/types';\nexport const a = KM_VERSION;\n"],
    ['src/server/modules/x.ts', "import { MindEditorView } from '../../mindmap';\nexport const a = MindEditorView;\n"],
    ['src/server/modules/x.ts', "import { e } from '../../mindmap/engine/e';\nexport const a = e;\n"],
    ['src/features/mindmap/x.ts', "import { SimServer } from '../../mindmap/testing';\nexport const a = SimServer;\n"],
    ['bench/engine/x.ts', "import { MindEditorView } from '../../src/mindmap';\nexport const a = MindEditorView;\n"],
    ['bench/engine/x.ts', "import { MindDoc } from '../../src/mindmap/engine/model/doc';\nexport const a = MindDoc;\n"],
    ['src/mindmap/editor/x.ts', "import { toast } from '../../app/ui/toast-store';\nexport const a = toast;\n"],
    ['src/mindmap/canvas/x.ts', "import { uploadImage } from '../../features/mindmap/api';\nexport const a = uploadImage;\n"],
    ['src/mindmap/views/x.ts', "import { loadConfig } from '../../server/config';\nexport const a = loadConfig;\n"],
    ['src/mindmap/editor/x.ts', "import { createEngineHost } from '../worker/host';\nexport const a = createEngineHost;\n"],
    ['src/mindmap/editor/x.ts', "import { MindEditorView } from '..';\nexport const a = MindEditorView;\n"],
    ['src/mindmap/editor/x.ts', "import * as Comlink from 'comlink';\nexport const a = Comlink;\n"],
    ['src/mindmap/worker/x.ts', "import { EditorController } from '../editor/controller';\nexport const a = EditorController;\n"],
    ['src/mindmap/engine/x.ts', "import { toast } from '../host';\nexport const a = toast;\n"],
    ['src/mindmap/core.ts', "import { EditorController } from './editor/controller';\nexport const a = EditorController;\n"],
    ['src/mindmap/core.ts', 'export const w = document.title;\n'],
  ])('%s rejects: %s', async (path, code) => {
    expect(await violations(path, code)).not.toEqual([]);
  });

  it.each([
    ['src/mindmap/engine/model/x.ts', "import { y } from './y';\nexport const a = y;\n"],
    ['src/mindmap/engine/cli.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n"],
    [
      'src/features/courses/x.ts',
      "import { navigate } from '../../app/router/hash-location';\nimport { Foo } from './Foo';\nexport const a = [navigate, Foo];\n",
    ],
    ['src/mindmap/worker/client.ts', "import * as Comlink from 'comlink';\nimport { e } from '../engine/e';\nexport const a = [Comlink, e];\n"],
    ['src/features/mindmap/x.ts', "import { MindEditorView } from '../../mindmap';\nexport const a = MindEditorView;\n"],
    ['src/features/mindmap/x.test.ts', "import { SimServer } from '../../mindmap/testing';\nexport const a = SimServer;\n"],
    ['src/server/modules/x.ts', "import { MindDoc } from '../../mindmap/core';\nexport const a = MindDoc;\n"],
    ['src/server/modules/x.test.ts', "import { randomOp } from '../../mindmap/testing';\nexport const a = randomOp;\n"],
    ['src/app/ui/x.tsx', "import { usableLink } from '../../mindmap/core';\nexport const a = usableLink;\n"],
    ['bench/engine/x.ts', "import { MindDoc } from '../../src/mindmap/core';\nexport const a = MindDoc;\n"],
    [
      'src/mindmap/editor/x.ts',
      "import { localEngine } from '../worker/client';\nimport { toast } from '../host';\nimport { MindDoc } from '../engine/model/doc';\nexport const a = [localEngine, toast, MindDoc];\n",
    ],
    ['src/mindmap/editor/x.test.ts', "import { createEngineHost } from '../worker/host';\nexport const a = createEngineHost;\n"],
    ['src/mindmap/index.ts', "import { MindEditorView } from './editor/MindEditorView';\nexport const a = MindEditorView;\n"],
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
