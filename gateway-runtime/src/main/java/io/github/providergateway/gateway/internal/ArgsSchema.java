package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import java.util.List;

/**
 * One tool's compiled argument schema: what {@link ArgsSchemas} made of its {@code parameters}.
 * {@link #ANY} stands for a schema that accepts every object ({@code {}}, or only {@code "type":
 * "object"}), which costs nothing per call. Loop only.
 */
final class ArgsSchema {

  /** Accepts any arguments without running a validator. */
  static final ArgsSchema ANY = new ArgsSchema(null, null, null);

  /**
   * At most this many violations are named in a refusal: the first ones are what a caller fixes.
   */
  static final int MAX_VIOLATIONS = 5;

  /**
   * A violation's text is cut here: a provider's schema may put long texts in enums or patterns.
   */
  static final int MAX_VIOLATION_CHARS = 300;

  private final Schema schema;
  private final ArgsSchemas owner;

  /** The schema read directly when it is of the plain shape most tools declare, else null. */
  private final PlainObjectSchema plain;

  ArgsSchema(Schema schema, ArgsSchemas owner, PlainObjectSchema plain) {
    this.schema = schema;
    this.owner = owner;
    this.plain = plain;
  }

  /**
   * Why {@code args} do not match, or null when they do. A pattern that runs out of regex steps, or
   * a validator that cannot finish, counts as a mismatch: the call is refused, never let through
   * unchecked.
   *
   * @param regexOwner the tool's provider, whose regex allowance its schema's patterns spend
   */
  String violations(JsonNode args, RegexGuard.Allowance regexOwner) {
    if (plain != null && plain.surelyMatches(args)) {
      return null;
    }
    return fullViolations(args, regexOwner);
  }

  /** {@link #violations} from the full validator alone, without the plain schema's shortcut. */
  String fullViolations(JsonNode args, RegexGuard.Allowance regexOwner) {
    if (schema == null) {
      return null;
    }
    List<Error> errors;
    try {
      errors = owner.validate(schema, args, regexOwner);
    } catch (GuardedPatterns.OutOfSteps outOfSteps) {
      return "a \"pattern\" of the schema ran out of regex steps (" + outOfSteps.pattern() + ")";
    } catch (RuntimeException | StackOverflowError failure) {
      // A schema the validator cannot evaluate (deep recursion through "$ref", a validator bug):
      // the arguments are not known to match, so they do not pass.
      return "the schema could not be evaluated: " + failure;
    }
    return errors.isEmpty() ? null : describe(errors);
  }

  /** The first {@value #MAX_VIOLATIONS} of {@code errors}, and how many more there are. */
  static String describe(List<Error> errors) {
    StringBuilder text = new StringBuilder();
    int shown = Math.min(MAX_VIOLATIONS, errors.size());
    for (int i = 0; i < shown; i++) {
      if (i > 0) {
        text.append("; ");
      }
      text.append(describe(errors.get(i)));
    }
    if (errors.size() > shown) {
      text.append("; and ").append(errors.size() - shown).append(" more");
    }
    return text.toString();
  }

  /** {@code /path: message}, {@code (root)} for the arguments object itself. */
  private static String describe(Error error) {
    String location = error.getInstanceLocation().toString();
    String message = error.getMessage();
    String line = (location.isEmpty() ? "(root)" : location) + ": " + message;
    return line.length() <= MAX_VIOLATION_CHARS
        ? line
        : line.substring(0, MAX_VIOLATION_CHARS) + "…";
  }
}
