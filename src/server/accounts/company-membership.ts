import 'server-only';

// Which company an account belongs to (company accounts have one): the offers domain asks this of
// accounts instead of reading accounts' tables.
export { companyOfUser } from './data/profiles';
