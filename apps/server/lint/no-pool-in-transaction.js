/**
 * Decision 058: inside a transaction callback, the pool the transaction was opened on must not be
 * used again. Each such query needs a second connection while the transaction holds its first;
 * with every connection held that way the server wedges (issue 30: ten people pressing Pay at once).
 *
 * Flags, inside the callback of
 *   - `<pool>.transaction(callback)`              (drizzle: db, deps.db, this.db, …),
 *   - `inTransaction(<pool>, callback)`           (the features' repository helpers),
 *   - `<…store>.update(kind, id, callback)`       (the local Stripe store's locked update),
 * any use of `<pool>` (the same expression, spelled the same way), unless a parameter of the
 * callback shadows it. The pool's runtime guard (db/client.ts) catches what this cannot see:
 * the pool reached through a function called from the callback.
 */

/** @param {import('estree').Node | undefined} node */
function isFunction(node) {
  return node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';
}

/** The pool expression and the callback of a call that runs its callback in a transaction, if it is one. */
function transactionCall(node, sourceCode) {
  const { callee } = node;
  const last = node.arguments.at(-1);
  if (!isFunction(last)) return undefined;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
    const method = callee.property.name;
    const receiver = sourceCode.getText(callee.object);
    if (method === 'transaction') return { pool: receiver, callback: last };
    if (method === 'update' && /(^|\.)store$/.test(receiver) && node.arguments.length === 3) {
      return { pool: receiver, callback: last };
    }
    if (method === 'inTransaction' && node.arguments.length === 2) {
      return { pool: sourceCode.getText(node.arguments[0]), callback: last };
    }
  }
  if (callee.type === 'Identifier' && callee.name === 'inTransaction' && node.arguments.length === 2) {
    return { pool: sourceCode.getText(node.arguments[0]), callback: last };
  }
  return undefined;
}

function parameterNames(callback) {
  return callback.params.filter((param) => param.type === 'Identifier').map((param) => param.name);
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid using the connection pool inside a transaction it opened (decision 058).' },
    schema: [],
    messages: {
      poolInTransaction:
        "'{{pool}}' is the pool this transaction was opened on: inside it, pass the transaction{{tx}} down instead " +
        '(a second connection per transaction wedges the server under load; decision 058).',
    },
  },
  create(context) {
    const { sourceCode } = context;
    return {
      CallExpression(node) {
        const found = transactionCall(node, sourceCode);
        if (!found) return;
        const { pool, callback } = found;
        const root = pool.split('.')[0];
        if (parameterNames(callback).includes(root)) return;
        const tx = callback.params[0]?.type === 'Identifier' ? ` (${callback.params[0].name})` : '';
        const visit = (current, parent) => {
          if (!current || typeof current.type !== 'string') return;
          // A parameter of a nested function named like the pool's root shadows it there.
          if (isFunction(current) && current !== callback && parameterNames(current).includes(root)) return;
          const isPropertyName = parent?.type === 'MemberExpression' && parent.property === current && !parent.computed;
          const isObjectKey = parent?.type === 'Property' && parent.key === current && !parent.computed;
          if (
            (current.type === 'Identifier' || current.type === 'MemberExpression') &&
            !isPropertyName &&
            !isObjectKey &&
            sourceCode.getText(current) === pool
          ) {
            context.report({ node: current, messageId: 'poolInTransaction', data: { pool, tx } });
            return;
          }
          for (const key of sourceCode.visitorKeys[current.type] ?? []) {
            const child = current[key];
            if (Array.isArray(child)) for (const item of child) visit(item, current);
            else visit(child, current);
          }
        };
        visit(callback.body, callback);
      },
    };
  },
};
