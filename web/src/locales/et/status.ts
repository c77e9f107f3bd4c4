import type { StatusTranslation } from '../en/status';
import words from '../status-words.json';

// The words are the one table's (../status-words.json); the meanings the screens' own.
const status: StatusTranslation = {
  ...words.et,
  orderMeaning: {
    reserved: 'Hoitud sinu jaoks 15 minutit, kuni kinnitad.',
    unfinished: 'Broneeringut ei kinnitatud õigel ajal.',
    unpaid: 'Broneeringu lõpetamiseks maksa lingi kaudu.',
    processing: 'Makset töödeldakse. See uueneb automaatselt.',
    booked: 'Ootab sisestamist: kasuta sisestuskoodi.',
    'booked-not-started': 'Kapp on sinu oma alates algusajast.',
    active: 'Sinu aeg käib. Kasuta jaamas oma koode.',
    extended: 'Broneeringut pikendati.',
    expired: 'Broneeritud aeg on läbi.',
    finalized: 'Tellimus on suletud.',
    cancelled: 'Sulle ei hoita enam kappi. Võid uuesti broneerida.',
    refunded: 'Tellimus tühistati ja makse tagastati.',
    failed: 'Makse ebaõnnestus.',
    deleted: 'Haldaja eemaldas tellimuse.',
    delivered: 'Ootab väljavõtmist: kasuta väljavõtukoodi.',
    picked: 'Kapp jääb sinu kasutusse, kuni tellimus aegub.',
    opened: 'Kappi on vähemalt korra avatud.',
    valid: 'Tellimus kehtib.',
  },
  cardMeaning: {
    initial: 'Kaardi lisamine makseteenuse pakkuja lehel jäi pooleli.',
    processing: 'Makseteenuse pakkuja kontrollib kaarti. See uueneb iseenesest.',
    valid: 'Salvestatud; sellega pole veel makset tehtud.',
    settled: 'Salvestatud; sellega tehtud makse on läbi läinud.',
    active: 'Sinu vaikimisi kaart: ühe puudutusega makstakse sellega.',
    failed: 'Kaarti ei õnnestunud salvestada. Võid uuesti proovida.',
  },
};

export default status;
