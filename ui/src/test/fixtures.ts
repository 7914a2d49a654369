import type { components } from '../lib/api-schema';
import type { Account, UserInfo } from '../lib/types';

type RecentItem = components['schemas']['RecentItem'];
type ProcessModel = components['schemas']['ProcessModel'];
type ProcessModelView = components['schemas']['ProcessModelView'];
type ModelActivity = components['schemas']['ModelActivity'];

// Builders of server answers for tests: the types come from the contract
// (api/openapi.json), so a fixture states only what a test is about and
// gets the rest as the server sends it (empty strings, false, null).

/** A user as /api/auth/auth-info answers. */
export function testUser(p: Partial<UserInfo> = {}): UserInfo {
  return { id: 'u1', db_user_id: 'db-u1', firstName: '', lastName: '', email: '', name: '', is_operator: false, ...p };
}

/** An account as /api/auth/accounts lists it. */
export function testAccount(p: Partial<Account> = {}): Account {
  return { account_id: 'a1', account_name: 'Account', membership_type: 'Free', last_login_date: null, ...p };
}

/** An entry of /api/recent. */
export function testRecentItem(p: Partial<RecentItem> = {}): RecentItem {
  return {
    id: 'r1', timestamp: '2026-01-01T00:00:00Z', status: 'completed', process_name: '', process_purpose: '',
    original_filename: 'x.pdf', input_tokens: 0, output_tokens: 0, total_tokens: 0, analyzer_type: 'document',
    graph: { status: 'completed' }, ...p,
  };
}

/** A process model (a version's, or the graph answer's without its names). */
export function testModel(p: Partial<ProcessModel> = {}): ProcessModel {
  return { version: 2, process_name: '', process_purpose: '', participants: [], activities: [], gateways: [], events: [], flows: [], ...p };
}

/** A process model as /api/graph/{id} answers: with the names the server shows (none unless given). */
export function testModelView(p: Partial<ProcessModelView> = {}): ProcessModelView {
  return { ...testModel(p), display_names: {}, ...p };
}

/** One activity of a process model. */
export function testActivity(p: Partial<ModelActivity> & { id: string; name: string }): ModelActivity {
  return { performer: '', ...p, sipoc: { suppliers: [], inputs: [], outputs: [], customers: [], systems: [], ...p.sipoc } };
}
