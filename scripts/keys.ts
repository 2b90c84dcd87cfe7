// Keys CLI of the embedded service: npm run keys -- create | list | revoke (the commands and their
// options: src/lib/server/service/auth/keys-command.ts). Against the embedded SQLite file in
// DATA_DIR, or PostgreSQL when DATABASE_URL is set (.env is read first, as by the server).
import { loadEnvFile } from '../src/lib/server/env';
import { keysCommand } from '../src/lib/server/service/auth/keys-command';

loadEnvFile();
const result = await keysCommand(process.argv.slice(2), process.env);
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.status;
