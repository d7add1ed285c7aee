import { spawn } from 'node:child_process';

// `npm run dev`: the API server (embedded database, port 8080) plus Vite's dev server with
// hot reload on 5173, which proxies /api to it.
const apiPort = process.env.PORT ?? '8080';
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort, CLIENT_DIR: '' } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
