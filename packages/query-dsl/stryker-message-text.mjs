// A Stryker ignorer: leaves out the mutants that can only change the wording of an issue's
// message. An issue is data (`code`, `param`, `message`); the tests pin the code and the param of
// every refusal, and the message where its words carry a fact (a limit, an allowed value). A
// mutant that empties or rewrites the sentence around those facts changes no decision the library
// makes, and reading every sentence back word for word in the tests would freeze the wording, not
// the behaviour. What is left out, and only that:
//
// - the third argument of `issues.add(code, param, message)`;
// - the reason a coercion gives (`fail(reason)`, `reason:` in src/validate/coerce.ts), which becomes
//   the text of the message after "Invalid value for <param>:";
// - the message handed to src/validate/conditions.ts's `invalid(message, param, context)`.
//
// Mutants in the code that decides *whether* an issue is reported, its code or its param are all
// still tested. See docs/testing.md, "Mutation testing".

const MESSAGE_HELPERS = new Set(['fail', 'invalid']);

/** The callee's name: `fail` for `fail(…)`, `add` for `context.issues.add(…)`. */
function calleeName(call) {
  const callee = call.node.callee;
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier')
    return callee.property.name;
  return undefined;
}

/** `issues.add(…)` or `context.issues.add(…)`, the call that records an issue. */
function isIssuesAdd(call) {
  const callee = call.node.callee;
  if (callee.type !== 'MemberExpression' || calleeName(call) !== 'add') return false;
  const owner = callee.object;
  if (owner.type === 'Identifier') return owner.name === 'issues';
  return (
    owner.type === 'MemberExpression' &&
    owner.property.type === 'Identifier' &&
    owner.property.name === 'issues'
  );
}

const messageText = {
  shouldIgnore(path) {
    if (path.listKey === 'arguments' && path.parentPath?.isCallExpression()) {
      const call = path.parentPath;
      if (path.key === 2 && isIssuesAdd(call)) return 'the message text of an issue';
      if (path.key === 0 && MESSAGE_HELPERS.has(calleeName(call) ?? ''))
        return 'the message text of an issue';
    }
    if (
      path.key === 'value' &&
      path.parentPath?.isObjectProperty() &&
      path.parentPath.node.key.type === 'Identifier' &&
      path.parentPath.node.key.name === 'reason'
    ) {
      return 'the message text of an issue';
    }
    return undefined;
  },
};

export const strykerPlugins = [{ kind: 'Ignore', name: 'message-text', value: messageText }];
