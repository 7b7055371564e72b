// The physical limit the store is measured against (bench/README.md): a bare `node:http` server on
// the same Node, answering each path with bytes fixed at its start. Started by bench/load.ts with a
// JSON file mapping paths to {type, file}; every answer is that file's bytes. It tells its parent the
// port it listens on.
import fs from 'node:fs';
import http from 'node:http';

const [mapFile] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(fs.readFileSync(mapFile, 'utf8'))).map(([path, { type, file }]) => {
    const body = fs.readFileSync(file);
    return [path, { body, headers: { 'content-type': type, 'content-length': body.length } }];
  }),
);
const server = http.createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => process.send?.(server.address().port));
