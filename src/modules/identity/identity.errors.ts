import { defineErrors } from '../../errors.js';

/** Account user groups (/account-user-groups): the contract's error shape. */
export const GroupErrors = defineErrors({
  groupNotFound: { status: 404, message: 'User group not found' },
  userNotFound: { status: 404, message: 'User not found' },
  groupNameTaken: { status: 409, message: 'A user group with this name already exists in the account' },
  invalidGroup: { status: 400, message: 'Invalid user group' },
});

/**
 * SCIM (RFC 7644 §3.12). The name of each error is its `scimType`, except the
 * ones without one (notFound, preconditionFailed, notImplemented); the SCIM
 * routes render them as `{ schemas, status, scimType?, detail }`.
 */
export const ScimErrors = defineErrors({
  invalidFilter: { status: 400, message: 'The filter syntax is invalid, or it names an attribute or operator that is not supported' },
  invalidSyntax: { status: 400, message: 'The request is unparsable, syntactically incorrect, or violates the schema' },
  invalidValue: { status: 400, message: 'A required value is missing, or a value is not compatible with its attribute' },
  invalidPath: { status: 400, message: 'The path attribute is invalid or malformed' },
  mutability: { status: 400, message: 'The attempted modification is not compatible with the attribute\'s mutability' },
  noTarget: { status: 400, message: 'The path did not yield an attribute or value that could be operated on' },
  uniqueness: { status: 409, message: 'One or more of the attribute values are already in use or are reserved' },
  notFound: { status: 404, message: 'Resource not found' },
  preconditionFailed: { status: 412, message: 'The resource has changed: its version does not match If-Match' },
});

/** The scimType values eventline sends: RFC 7644 Table 9. */
export const SCIM_TYPES: ReadonlySet<string> = new Set(['invalidFilter', 'invalidSyntax', 'invalidValue', 'invalidPath', 'mutability', 'noTarget', 'uniqueness']);
