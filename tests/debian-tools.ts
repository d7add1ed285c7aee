import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Whether a command is on the PATH. */
function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes sure each command is there, installing the Debian packages that bring the missing ones
 * (the README's test command runs on a fresh machine as root; `.ci/run` installs them up front
 * too). Throws, naming the packages, when they cannot be installed here.
 */
export function ensureDebianTools(tools: Record<string, string>): void {
  const missing = [...new Set(Object.entries(tools).flatMap(([command, pkg]) => (onPath(command) ? [] : [pkg])))];
  if (missing.length === 0) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  }
  const still = Object.keys(tools).filter((command) => !onPath(command));
  if (still.length > 0) throw new Error(`These tests need ${still.join(', ')}: install the Debian packages ${missing.join(' ')}`);
}

/** pdftotext and pdffonts, which read back what our PDF export wrote. */
export const POPPLER = { pdftotext: 'poppler-utils', pdffonts: 'poppler-utils' };
