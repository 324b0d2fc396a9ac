/**
 * Game type id -> the tag of the element that draws its board. Data only, so client/boot.ts can
 * name a game's board chunk (public/chunks/<tag>-<hash>.js: each board module is named after its
 * tag) without bundling the boards. client/games/index.ts says how boards plug in.
 */
export const BOARDS: Readonly<Record<string, string>> = {
  'big-thunder': 'bt-mountain-board',
  snowdonia: 'sn-mountain-board',
  'space-mountain': 'sm-galaxy-board',
};
