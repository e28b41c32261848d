// The readers of the watch lists' official files (docs/watch-lists.md). A separate entry point, imported
// by path (`@app/adapters/watch-lists`): only the import needs them, the api and the processor never
// load csv-parse, iconv-lite or saxes.
export { readWatchListFiles, type ReadOptions } from './read-watch-list-files';
export type { FileRead, WatchListFile, WatchListRead } from './watch-list-read';
export { WatchListFileRefused, type WatchListRefusal } from './watch-list-file-refused';
