/**
 * Blueprints people start from (issue 15): served by the `templates` query so
 * the web app, scripts and the tests read the same documents. Each one is
 * checked to validate and generate in every format by templates.test.ts.
 */
import type { BlueprintDocument } from '@seedbed/engine';
import { bankLedger } from './documents/bank-ledger';
import { blog } from './documents/blog';
import { hr } from './documents/hr';
import { iot } from './documents/iot';
import { onlineShop } from './documents/online-shop';
import { people } from './documents/people';
import { saas } from './documents/saas';
import { supportDesk } from './documents/support-desk';

export interface Template {
  /** Stable, URL-safe: `online-shop`. */
  id: string;
  name: string;
  description: string;
  document: BlueprintDocument;
}

function template(id: string, name: string, document: BlueprintDocument): Template {
  return { id, name, description: document.description ?? '', document };
}

export const TEMPLATES: readonly Template[] = [
  template('people', 'People', people),
  template('online-shop', 'Online shop', onlineShop),
  template('saas', 'SaaS accounts and subscriptions', saas),
  template('blog', 'Blog', blog),
  template('support-desk', 'Support desk', supportDesk),
  template('iot-readings', 'IoT sensor readings', iot),
  template('bank-ledger', 'Bank ledger', bankLedger),
  template('hr', 'HR: departments and employees', hr),
];

/** Every template, or only the one with `id` (none when it is unknown). */
export function listTemplates(id?: string | null): readonly Template[] {
  return id ? TEMPLATES.filter((t) => t.id === id) : TEMPLATES;
}
