import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { privateDir, privateFile } from '../../node-lib/sqlite';

/**
 * What DATA_DIR holds besides the databases (which `openSqliteFile` keeps 0600): the files with
 * secrets, and the folders of task files (the archive's copies, the sandbox's outputs and inputs,
 * the export spool).
 */
const SECRET_FILES = ['auth.secret', 'media.secret', 'keys.json', 'social-webhook-secrets.json', 'agentnet-owner.json'];
const FILE_FOLDERS = ['archive', 'sandbox', 'tmp'];

/**
 * Makes DATA_DIR private to the console's user at start-up: the directory 0700, each secret file
 * 0600, and every folder under the file folders 0700 with every file in them 0600. An older
 * version, a copy or a restore may have left them readable by others. Symbolic links are left as
 * they are (neither followed nor changed).
 */
export function tightenDataDir(dataDir: string): void {
  privateDir(dataDir);
  for (const name of SECRET_FILES) {
    const file = join(dataDir, name);
    if (existsSync(file)) privateFile(file);
  }
  for (const name of FILE_FOLDERS) tightenTree(join(dataDir, name));
}

function tightenTree(root: string): void {
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop() as string;
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      continue;
    }
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) chmodSync(path, 0o700);
      for (const name of readdirSync(path)) stack.push(join(path, name));
    } else if (stat.isFile() && mode !== 0o600) {
      chmodSync(path, 0o600);
    }
  }
}
