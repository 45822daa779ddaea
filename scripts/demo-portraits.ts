import { mkdirSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { DEMO_PEOPLE } from "../src/db/demo/people.ts";
import { DEMO_PORTRAIT, demoPortraitAddress } from "../src/db/demo/portraits.ts";

// `node scripts/demo-portraits.ts`: draws the demo firm's portraits, src/db/demo/portraits/*.jpg.
// The demo's people are invented, so their photographs are too: a head-and-shoulders figure, in
// the tones of a muted background, with no face drawn, the same framing for everyone as a studio
// sitting gives. Drawn from each person's place and a look chosen below, so the files come out the
// same each run; they are kept in the repository as the demo's source images (as a firm's
// photographs are the content file's), and the site holds and resizes them like any other.

type Hair = "short" | "side" | "crop" | "receding" | "long" | "bob" | "bun";
type Attire = "tie" | "open" | "blouse" | "crew";
interface Look {
  hair: Hair;
  attire: Attire;
}

// One look per person, so that the page does not show twenty-one copies of one figure.
const LOOKS: Record<string, Look> = {
  "margit-halvorsen": { hair: "bob", attire: "blouse" },
  "daniel-okafor": { hair: "crop", attire: "tie" },
  "priya-raman": { hair: "long", attire: "blouse" },
  "thomas-lindgren": { hair: "side", attire: "tie" },
  "grace-whitfield": { hair: "bun", attire: "crew" },
  "marcus-bell": { hair: "receding", attire: "open" },
  "sofia-marchetti": { hair: "long", attire: "crew" },
  "james-adeyemi": { hair: "crop", attire: "open" },
  "hannah-kessler": { hair: "bob", attire: "crew" },
  "robert-tanaka": { hair: "short", attire: "tie" },
  "elena-petrova": { hair: "bun", attire: "blouse" },
  "samuel-ortiz": { hair: "short", attire: "open" },
  "olivia-brennan": { hair: "long", attire: "blouse" },
  "kenji-mori": { hair: "side", attire: "open" },
  "laura-chen": { hair: "bob", attire: "blouse" },
  "nadia-haddad": { hair: "long", attire: "crew" },
  "peter-novak": { hair: "receding", attire: "tie" },
  "william-asante": { hair: "crop", attire: "tie" },
  "chloe-dubois": { hair: "bun", attire: "crew" },
  "aaron-fischer": { hair: "side", attire: "tie" },
  "isabel-romero": { hair: "long", attire: "blouse" },
};

// Muted backdrops, as a studio's paper rolls: slate, sage, sand, stone, teal, lavender grey, olive.
const BACKDROPS = [212, 150, 38, 24, 188, 270, 72];
const SUITS = ["hsl(218,28%,18%)", "hsl(210,8%,24%)", "hsl(222,18%,30%)", "hsl(30,6%,22%)"];
const TIES = ["hsl(352,38%,34%)", "hsl(214,40%,36%)", "hsl(160,22%,30%)", "hsl(40,30%,38%)"];

const W = DEMO_PORTRAIT.width;
const H = DEMO_PORTRAIT.height;

/** Hair drawn behind the head (long hair falling to the shoulders, a bob, a bun). */
function hairBehind(hair: Hair, tone: string): string {
  if (hair === "long")
    return `<path fill="${tone}" d="M248 430 C236 290 312 212 400 212 C488 212 564 290 552 430 C556 560 572 660 590 760 C520 790 470 770 452 720 L348 720 C330 770 280 790 210 760 C228 660 244 560 248 430 Z"/>`;
  if (hair === "bob")
    return `<path fill="${tone}" d="M246 430 C236 290 312 214 400 214 C488 214 564 290 554 430 C558 500 566 560 574 610 C530 632 488 624 470 600 L330 600 C312 624 270 632 226 610 C234 560 242 500 246 430 Z"/>`;
  if (hair === "bun") return `<circle fill="${tone}" cx="400" cy="214" r="62"/>`;
  return "";
}

/** Hair drawn over the head: its top and the line it makes at the brow. */
function hairOver(hair: Hair, tone: string): string {
  switch (hair) {
    case "short":
      return `<path fill="${tone}" d="M262 440 C248 300 314 232 400 230 C486 232 552 300 538 440 C532 392 520 352 494 330 C446 306 356 306 306 330 C282 352 268 392 262 440 Z"/>`;
    case "side":
      return `<path fill="${tone}" d="M262 450 C246 300 316 228 404 228 C492 230 556 304 538 450 C530 392 518 350 486 334 C430 312 372 330 336 312 C300 336 274 384 262 450 Z"/>`;
    case "crop":
      return `<path fill="${tone}" d="M268 400 C270 300 326 250 400 248 C474 250 530 300 532 400 C520 350 486 304 400 302 C314 304 280 350 268 400 Z"/>`;
    case "receding":
      return `<path fill="${tone}" d="M264 450 C258 380 272 330 300 306 C296 350 288 400 282 452 Z M536 450 C542 380 528 330 500 306 C504 350 512 400 518 452 Z"/>`;
    case "long":
    case "bob":
      return `<path fill="${tone}" d="M258 470 C244 300 316 224 400 224 C484 224 556 300 542 470 C530 400 506 340 460 318 C420 350 330 352 296 340 C276 370 264 420 258 470 Z"/>`;
    case "bun":
      return `<path fill="${tone}" d="M264 440 C250 300 318 236 400 236 C482 236 550 300 536 440 C526 380 504 330 400 318 C296 330 274 380 264 440 Z"/>`;
  }
}

/** What shows below the neck: a jacket, and a tie, an open collar, a blouse or a crew neck. */
function attireOf(attire: Attire, suit: string, shirt: string, tie: string, skin: string): string {
  const jacket = `<path fill="${suit}" d="M-10 1100 C0 880 110 786 292 752 L400 742 L508 752 C690 786 800 880 810 1100 Z"/>`;
  const lapels = `<path fill="none" stroke="rgba(0,0,0,0.22)" stroke-width="6" d="M312 756 L400 1100 M488 756 L400 1100"/>`;
  switch (attire) {
    case "tie":
      return (
        jacket +
        `<path fill="${shirt}" d="M322 748 L400 940 L478 748 L430 736 L370 736 Z"/>` +
        `<path fill="${tie}" d="M384 762 L416 762 L424 800 L436 930 L400 980 L364 930 L376 800 Z"/>` +
        `<path fill="${tie}" d="M380 742 L420 742 L414 772 L386 772 Z"/>` +
        `<path fill="${shirt}" stroke="rgba(0,0,0,0.12)" stroke-width="3" d="M352 728 L400 744 L368 790 Z M448 728 L400 744 L432 790 Z"/>` +
        lapels
      );
    case "open":
      return (
        jacket +
        `<path fill="${shirt}" d="M330 746 L400 900 L470 746 L430 734 L370 734 Z"/>` +
        `<path fill="${skin}" d="M366 736 L400 820 L434 736 Z"/>` +
        `<path fill="${shirt}" stroke="rgba(0,0,0,0.12)" stroke-width="3" d="M346 724 L372 738 L392 800 Z M454 724 L428 738 L408 800 Z"/>` +
        lapels
      );
    case "blouse":
      return (
        jacket +
        `<path fill="${shirt}" d="M318 748 C340 830 370 880 400 892 C430 880 460 830 482 748 L400 740 Z"/>` +
        `<path fill="${skin}" d="M352 742 C366 790 384 812 400 816 C416 812 434 790 448 742 Z"/>` +
        lapels
      );
    case "crew":
      return (
        jacket +
        `<path fill="${shirt}" d="M300 752 C330 800 370 812 400 812 C430 812 470 800 500 752 L400 742 Z"/>` +
        `<path fill="${skin}" d="M344 744 C360 770 380 780 400 780 C420 780 440 770 456 744 Z"/>` +
        lapels
      );
  }
}

/** The portrait of the person at `index` in the leadership order, as SVG. */
export function portraitSvg(urlName: string, index: number): string {
  const look = LOOKS[urlName] ?? { hair: "short", attire: "tie" };
  const hue = BACKDROPS[index % BACKDROPS.length]!;
  const suit = SUITS[index % SUITS.length]!;
  const tie = TIES[(index * 3) % TIES.length]!;
  // The figure in the backdrop's own tones: a lit side and a shaded side, no features.
  const skin = `hsl(${hue},10%,58%)`;
  const hairTone = `hsl(${hue},12%,${22 + (index % 4) * 5}%)`;
  const shirt = `hsl(${hue},12%,92%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 800 1000">
  <defs>
    <radialGradient id="bg" cx="38%" cy="30%" r="85%">
      <stop offset="0" stop-color="hsl(${hue},16%,84%)"/>
      <stop offset="0.6" stop-color="hsl(${hue},14%,72%)"/>
      <stop offset="1" stop-color="hsl(${hue},16%,56%)"/>
    </radialGradient>
    <linearGradient id="face" x1="0" y1="0" x2="1" y2="0.3">
      <stop offset="0" stop-color="hsl(${hue},12%,66%)"/>
      <stop offset="1" stop-color="hsl(${hue},10%,50%)"/>
    </linearGradient>
    <linearGradient id="neck" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},10%,44%)"/>
      <stop offset="1" stop-color="hsl(${hue},10%,54%)"/>
    </linearGradient>
    <radialGradient id="vignette" cx="50%" cy="45%" r="75%">
      <stop offset="0.7" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.14"/>
    </radialGradient>
  </defs>
  <rect width="800" height="1000" fill="url(#bg)"/>
  <g transform="translate(400 1000) scale(1.12) translate(-400 -1000)">
  ${hairBehind(look.hair, hairTone)}
  <path fill="url(#neck)" d="M348 570 L452 570 L460 740 L340 740 Z"/>
  <g transform="translate(0 -34)">${attireOf(look.attire, suit, shirt, tie, skin)}</g>
  <ellipse fill="url(#face)" cx="262" cy="446" rx="18" ry="36"/>
  <ellipse fill="url(#face)" cx="538" cy="446" rx="18" ry="36"/>
  <path fill="url(#face)" d="M266 420 C266 300 330 252 400 252 C470 252 534 300 534 420 C534 522 478 602 400 608 C322 602 266 522 266 420 Z"/>
  ${hairOver(look.hair, hairTone)}
  </g>
  <rect width="800" height="1000" fill="url(#vignette)"/>
</svg>`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = new URL("../src/db/demo/", import.meta.url);
  mkdirSync(new URL("portraits/", folder), { recursive: true });
  for (const [index, person] of DEMO_PEOPLE.entries()) {
    const jpeg = await sharp(Buffer.from(portraitSvg(person.UrlName, index)))
      .jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: "4:2:0" })
      .toBuffer();
    writeFileSync(new URL(demoPortraitAddress(person.UrlName), folder), jpeg);
    console.log(`${demoPortraitAddress(person.UrlName)} ${Math.round(jpeg.length / 1024)} kB`);
  }
}
