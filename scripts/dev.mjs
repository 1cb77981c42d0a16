// npm run dev: the API with reload on change (port 3000) and Vite with hot reload (port 5173,
// proxying /api, /auth, /files and /config.json to the API).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    // Links in e-mails open the Vite app fans use in development (decision 026).
    env: { ...process.env, SITE_URL: process.env.SITE_URL || 'http://localhost:5173' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exit(code);
    }
  });
