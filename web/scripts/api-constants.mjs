// Writes src/api/constants.ts: the runtime values the web needs from the server's OpenAPI description
// (src/api/openapi.json): every enumeration as a list, the values that tell a union's members apart
// (its discriminator's mapping), and every design table (the schemas whose properties carry
// x-design-field) as a table of what each field's value may be. With --check, fails
// when the file is not what the description makes. Run by `npm run api-types` (make api-types).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const source = fileURLToPath(new URL('../src/api/openapi.json', import.meta.url));
const target = fileURLToPath(new URL('../src/api/constants.ts', import.meta.url));

const schemas = JSON.parse(await readFile(source, 'utf8')).components.schemas;
const refName = (ref) => ref.replace('#/components/schemas/', '');

/** A design field's value as the editor's forms check it, from its schema. */
function fieldSpec(table, field, s) {
  const kind = s['x-design-field'];
  switch (kind) {
    case 'enum':
      return `{ kind: 'enum', values: ${refName(s.$ref)} }`;
    case 'number':
      return `{ kind: 'number', min: ${s.minimum}, max: ${s.maximum} }`;
    case 'text':
      return `{ kind: 'text', max: ${s.maxLength} }`;
    case 'boolean':
    case 'color':
    case 'url':
    case 'template':
      return `{ kind: '${kind}' }`;
    default:
      throw new Error(`${table}.${field}: design field of unknown kind ${kind}`);
  }
}

const names = Object.keys(schemas).sort();
const out = [
  '// Generated from openapi.json by scripts/api-constants.mjs (make api-types): do not edit.',
  '',
  "/** What a design field's value may be (x-design-field in the description). */",
  'export type DesignFieldSpec =',
  "  | { kind: 'enum'; values: readonly string[] }",
  "  | { kind: 'number'; min: number; max: number }",
  "  | { kind: 'text'; max: number }",
  "  | { kind: 'boolean' }",
  "  | { kind: 'color' }",
  "  | { kind: 'url' }",
  "  | { kind: 'template' };",
  '',
];
for (const name of names) {
  const s = schemas[name];
  if (s.type === 'string' && Array.isArray(s.enum)) {
    if (s.description) out.push(`/** ${s.description} */`);
    out.push(`export const ${name} = ${JSON.stringify(s.enum)} as const;`, '');
  }
}
// A union told apart by a discriminator (the live channel's frames): its values, such as every event.
for (const name of names) {
  const d = schemas[name].discriminator;
  if (!d?.mapping) continue;
  const list = `${d.propertyName.charAt(0).toUpperCase()}${d.propertyName.slice(1)}s`;
  out.push(
    `/** The ${d.propertyName}s of ${name}. */`,
    `export const ${name}${list} = ${JSON.stringify(Object.keys(d.mapping).sort())} as const;`,
    '',
  );
}
for (const name of names) {
  const props = schemas[name].properties;
  if (!props || !Object.values(props).some((p) => p['x-design-field'])) continue;
  out.push(`/** The fields of ${name}. */`, `export const ${name}Fields = {`);
  for (const field of Object.keys(props).sort()) out.push(`  ${field}: ${fieldSpec(name, field, props[field])},`);
  out.push('} as const;', '');
}

const text = await prettier.format(out.join('\n'), { ...(await prettier.resolveConfig(target)), filepath: target });
if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== text) {
    console.error('src/api/constants.ts is not what openapi.json makes: run make api-types');
    process.exit(1);
  }
} else {
  await writeFile(target, text);
}
