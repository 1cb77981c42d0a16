/**
 * Passwords too common to accept (auth-compat §8 asks for the 10,000 most common). There is no
 * internet access in this build, so this set is assembled by hand: the well-known entries of
 * public top-password lists, plus every base word combined with the suffixes people add to meet
 * a length rule ("password1", "football123", "dragon2026!"). The check is case-insensitive.
 * It is smaller than a real 10k list; `isCommonPassword` also refuses keyboard walks, digit
 * sequences and single repeated characters.
 */
const LITERAL = `
123456 123456789 12345678 password qwerty123 qwerty1 111111 12345 1234567 1234567890 123123
000000 abc123 password1 iloveyou 1q2w3e4r 1q2w3e4r5t 1q2w3e 654321 555555 7777777 666666
123321 qwertyuiop 987654321 121212 1qaz2wsx zaq12wsx zaq1zaq1 qazwsx qazwsxedc 1qazxsw2 asdfghjkl
asdfgh asdf1234 zxcvbnm zxcvbnm1 qwer1234 1234qwer passw0rd p@ssw0rd p@ssword pa55word pa$$word
password123 password1234 password12 password! password01 passwort motdepasse contrasena
letmein letmein1 letmein123 welcome welcome1 welcome123 welcome2024 trustno1 trustno1! admin admin123
administrator root toor changeme changeme123 secret secret123 default guest master master123
login login123 access access14 hello123 hellohello whatever 11111111 22222222 33333333 44444444
55555555 66666666 77777777 88888888 99999999 00000000 12121212 11223344 12341234 12344321 123456789a
a123456789 1234567a 1234abcd abcd1234 abcdefgh abcdefg1 87654321 98765432 147258369 159753
159357 147852369 741852963 963852741 1a2b3c4d aa123456 qq123456 q1w2e3r4 q1w2e3r4t5 1g2w3e4r
gwerty gwerty123 azerty azerty123 qwertz qwertz123 googledummy sunshine princess dragon football
baseball basketball soccer hockey monkey shadow superman batman spiderman starwars pokemon
michael jennifer jordan23 jordan hunter ranger buster thomas robert daniel andrew joshua matthew
charlie jessica ashley amanda nicole michelle samantha liverpool chelsea arsenal manchester
barcelona realmadrid juventus ferrari mercedes porsche mustang corvette yamaha harley
freedom computer internet samsung iphone android google facebook youtube twitter instagram
linkedin microsoft windows apple orange banana cheese chocolate cookie pepper ginger
summer winter spring autumn monday friday january december love lovely loveme iloveyou1
iloveyou2 babygirl babyboy sweety sweetheart angel angels butterfly flower flowers rainbow
purple yellow silver golden diamond killer hunter2 tigger tiger lion eagle falcon phoenix
dolphin panther jaguar cowboy cowboys pirate ninja samurai wizard merlin matrix mercury
qwerty qwertyu qwertyui asdasd asdasdasd zxczxc qweqwe qweasd qweasdzxc 1qaz1qaz zaqxsw
nothing unknown hello hellokitty kitty puppy doggie pussycat snoopy garfield scooby
family friends forever friendship jesus christ blessed faith heaven trinity angel1
mother father sister brother lovers lover soccer1 football1 baseball1 player gamer
gaming minecraft fortnite roblox zelda mario nintendo playstation xbox360 counter
whatever1 nopassword nopass passpass pass1234 pass12345 test1234 test123 testing tester
testtest demo1234 user1234 username letmein! 696969 naked sexy hottie fuckyou fuckoff
asshole bitch1 shit 1password 2password password2 password3 password7 password9
superstar superman1 rockstar rocknroll music guitar piano drummer singer dance
london paris berlin madrid dubai newyork chicago boston dallas texas florida california
canada america england germany france spain italy brazil mexico russia london1
paddock formula1 formulaone racing racecar motorsport grandprix pitstop checkered
podium champion champions winner winners victory speed faster turbo engine driver
hamilton verstappen schumacher senna alonso leclerc norris vettel raikkonen
mclaren redbull williams renault alpine astonmartin maranello monza silverstone
monaco spa suzuka interlagos fanatic supporter loyalty fanclub
`;

const BASES = `
password passw0rd qwerty letmein welcome admin monkey dragon football baseball soccer
hockey master shadow sunshine princess superman batman iloveyou trustno1 michael jordan
charlie thomas hunter ranger buster tigger pepper ginger summer winter freedom computer
internet samsung google secret hello love angel flower liverpool chelsea arsenal
barcelona ferrari mercedes porsche formula racing paddock champion winner hamilton
verstappen senna mclaren redbull monaco silverstone abc qwe asd zxc test user login
pass guest access killer starwars pokemon matrix rainbow purple diamond golden silver
jessica ashley amanda nicole michelle daniel andrew joshua matthew robert david james
john william richard joseph chris christopher anthony mark steven paul kevin brian george
edward ronald timothy jason jeffrey ryan jacob gary nicholas eric jonathan justin
brandon benjamin samuel alexander patrick jack dennis tyler aaron henry adam nathan
zachary kyle ethan lucas mason logan oliver harry charlotte emily emma olivia sophia
isabella mia amelia hannah sarah laura lisa maria anna elizabeth jennifer linda barbara
susan karen nancy betty helen sandra donna carol ruth sharon rebecca victoria natalie
lovely babygirl sweetheart butterfly sunflower chocolate cookie cheese banana orange
apple mustang corvette camaro yamaha honda toyota nissan suzuki kawasaki ducati harley
bmw audi volkswagen lamborghini bugatti maserati jaguar tesla formula1 motorsport
grandprix racecar speedway podium pitstop thunder lightning storm hurricane tornado
blizzard winter spring autumn monday friday sunday january february december
america canada england london paris berlin madrid tokyo sydney dubai mexico brazil
soccer tennis golf boxing rugby cricket basketball volleyball swimming cycling
music guitar piano rockstar superstar dancer singer player gamer minecraft fortnite
roblox nintendo playstation xbox computer internet laptop iphone android windows linux
secret private hidden unknown nothing whatever forever friends family mother father
sister brother baby angel devil heaven jesus christ blessed faith trinity peace
freedom liberty justice victory legend hero warrior knight dragon phoenix tiger lion
wolf eagle falcon shark panther cobra viper snake monkey donkey horse pony kitty
puppy doggy teddy bunny mickey minnie snoopy garfield batman superman spiderman
ironman hulk thor captain avenger marvel disney pixar shrek simpsons
`;

const SUFFIXES = [
  '',
  '1',
  '12',
  '123',
  '1234',
  '12345',
  '123456',
  '!',
  '1!',
  '123!',
  '01',
  '007',
  '69',
  '99',
  '2020',
  '2021',
  '2022',
  '2023',
  '2024',
  '2025',
  '2026',
  '2027',
];

function build(): Set<string> {
  const out = new Set<string>();
  for (const w of LITERAL.split(/\s+/)) if (w) out.add(w.toLowerCase());
  for (const base of BASES.split(/\s+/)) {
    if (!base) continue;
    for (const suffix of SUFFIXES) out.add(`${base}${suffix}`);
  }
  return out;
}

export const COMMON_PASSWORDS: ReadonlySet<string> = build();

const WALKS = [
  '0123456789',
  '9876543210',
  'abcdefghijklmnopqrstuvwxyz',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
];

/** Common by list, or trivially patterned (one repeated character, a run of a sequence). */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  if (/^(.)\1*$/.test(lower)) return true;
  if (/^(.{1,4})\1+$/.test(lower)) return true;
  return WALKS.some((w) => lower.length >= 6 && w.includes(lower));
}
