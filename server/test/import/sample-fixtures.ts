/**
 * Samples that look like what teams have to hand: a typicode-style API
 * (users with nested address and company, posts, comments, albums, photos,
 * todos linked by `userId`/`postId`/`albumId`) and a spreadsheet export.
 * Values are made deterministically from small word lists, so tests can
 * search the blueprint for every one of them.
 */
const FIRST = ['Leanne', 'Ervin', 'Clementine', 'Patricia', 'Chelsey', 'Dennis', 'Kurtis', 'Nicholas', 'Glenna', 'Clementina'];
const LAST = ['Graham', 'Howell', 'Bauch', 'Lebsack', 'Dietrich', 'Schulist', 'Weissnat', 'Runolfsdottir', 'Reichert', 'DuBuque'];
const WORDS = ['sunt', 'aut', 'facere', 'repellat', 'provident', 'occaecati', 'excepturi', 'optio', 'reprehenderit', 'quia', 'et', 'suscipit', 'recusandae', 'consequuntur', 'expedita', 'nostrum', 'rerum', 'est', 'autem', 'sequi'];
const CITIES = ['Gwenborough', 'Wisokyburgh', 'McKenziehaven', 'South Elvis', 'Roscoeview', 'South Christy', 'Howemouth', 'Aliyaview', 'Bartholomebury', 'Lebsackbury'];

const word = (i: number) => WORDS[(i * 7 + 3) % WORDS.length];
const words = (seed: number, n: number) => Array.from({ length: n }, (_, k) => word(seed * 13 + k * 5)).join(' ');

export interface TypicodeSample {
  users: Record<string, unknown>[];
  posts: Record<string, unknown>[];
  comments: Record<string, unknown>[];
  albums: Record<string, unknown>[];
  photos: Record<string, unknown>[];
  todos: Record<string, unknown>[];
}

export function typicodeSample(): TypicodeSample {
  const users = FIRST.map((first, i) => ({
    id: i + 1,
    name: `${first} ${LAST[i]}`,
    username: `${first.slice(0, 3)}${LAST[i].slice(0, 2)}${i}`,
    email: `${first.toLowerCase()}.${LAST[i].toLowerCase()}@example.org`,
    address: {
      street: `${words(i, 1)} Light`,
      suite: `Apt. ${100 + i * 37}`,
      city: CITIES[i],
      zipcode: `${10000 + i * 1111}-${1000 + i}`,
      geo: { lat: Number((-40 + i * 8.123).toFixed(4)), lng: Number((-80 + i * 15.4567).toFixed(4)) },
    },
    phone: `1-770-736-${8031 + i} x${56442 + i}`,
    website: `https://${first.toLowerCase()}.example.net`,
    company: { name: `${LAST[i]}-${LAST[(i + 1) % 10]}`, catchPhrase: `${words(i + 3, 3)}`, bs: `${words(i + 5, 3)}` },
  }));
  const posts = Array.from({ length: 100 }, (_, i) => ({ userId: Math.floor(i / 10) + 1, id: i + 1, title: words(i, 6), body: `${words(i + 1, 12)}. ${words(i + 2, 10)}. ${words(i + 4, 9)}.` }));
  const comments = Array.from({ length: 500 }, (_, i) => ({
    postId: Math.floor(i / 5) + 1,
    id: i + 1,
    name: words(i + 7, 5),
    email: `${word(i)}_${word(i + 1)}${i}@example.biz`,
    body: `${words(i + 9, 14)}. ${words(i + 11, 8)}.`,
  }));
  const albums = Array.from({ length: 100 }, (_, i) => ({ userId: Math.floor(i / 10) + 1, id: i + 1, title: words(i + 20, 4) }));
  const photos = Array.from({ length: 1000 }, (_, i) => ({
    albumId: Math.floor(i / 10) + 1,
    id: i + 1,
    title: words(i + 30, 7),
    url: `https://via.example.com/600/${(i * 7919).toString(16).padStart(6, '0')}`,
    thumbnailUrl: `https://via.example.com/150/${(i * 7919).toString(16).padStart(6, '0')}`,
  }));
  // Todos per user vary (3 to 37), so the fit is not "fixed"; ~40% completed.
  const todos: Record<string, unknown>[] = [];
  for (let u = 1; u <= 10; u++) for (let k = 0; k < 3 + ((u * u * 7) % 35); k++) todos.push({ userId: u, id: todos.length + 1, title: words(todos.length + 40, 5), completed: (todos.length * 37) % 100 < 40 });
  return { users, posts, comments, albums, photos, todos };
}

/** A spreadsheet export: quoted commas, accents, empty cells, a decimal column, categories with known frequencies. */
export function customersCsv(rows = 400): string {
  const lines = ['customer_id,full_name,city,country,plan,monthly_fee,signed_up,notes'];
  const countries = ['France', 'Germany', 'España', 'Côte d’Ivoire'];
  const plans = ['free', 'pro', 'team'];
  for (let i = 0; i < rows; i++) {
    const name = `"${LAST[i % 10]}, ${FIRST[(i * 3) % 10]}"`;
    const city = i % 10 === 0 ? '' : `Zürich ${i % 7}`;
    const country = countries[i % 4 === 3 ? 3 : i % 4 === 2 ? 2 : i % 2];
    const plan = plans[i % 10 < 6 ? 0 : i % 10 < 9 ? 1 : 2];
    const fee = plan === 'free' ? '0.00' : `${(9 + (i % 5) * 10).toFixed(2)}`;
    const day = String(1 + (i % 28)).padStart(2, '0');
    const notes = i % 4 === 0 ? '' : `"${words(i, 3)}, ${words(i + 1, 2)}"`;
    lines.push([1000 + i, name, city, country, plan, fee, `2024-03-${day}`, notes].join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

/** A typicode-style `db.json` (users, albums, and photos until it has about `bytes`): a large sample for uploads and benchmarks. */
export function grownTypicodeSample(bytes: number): string {
  const base = typicodeSample();
  const photos: unknown[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const photo = { ...base.photos[i % base.photos.length], id: i + 1, albumId: (i % 100) + 1 };
    size += JSON.stringify(photo).length + 1;
    photos.push(photo);
  }
  return JSON.stringify({ users: base.users, albums: base.albums, photos });
}
