package io.github.providergateway.guard.internal;

/**
 * MCP tools and providers' tools by what they declare ({@code destructiveHint}, {@code
 * readOnlyHint}, {@code openWorldHint}) and who offers them. Trust ranks {@code internal} above
 * {@code user} above {@code project} above {@code external}; an unknown or missing trust ranks
 * lowest. Under strict a destructive tool below {@code user} is asked about; under paranoid a
 * destructive tool below {@code internal}, and an open-world one below {@code user}. A tool that
 * declares itself read-only is never blocked by these rules, whatever else it declares.
 */
final class ToolRules implements Family {
  static final BuiltinRule DESTRUCTIVE = RuleBook.rule("tools.destructive");
  static final BuiltinRule OPEN_WORLD = RuleBook.rule("tools.open-world");

  @Override
  public void scan(Scan scan) {
    CallForRules.Hints hints = scan.call().hints();
    if (hints == null || Boolean.TRUE.equals(hints.readOnly())) {
      return;
    }
    int trust = rank(hints.trust());
    String shown =
        scan.call().tool()
            + (hints.provider() == null ? "" : " of " + hints.provider())
            + " (trust "
            + (hints.trust() == null ? "unknown" : hints.trust())
            + ")";
    if (Boolean.TRUE.equals(hints.destructive()) && trust < rank("user")) {
      scan.hit(DESTRUCTIVE, shown);
    } else if (Boolean.TRUE.equals(hints.destructive()) && trust < rank("internal")) {
      scan.hit(DESTRUCTIVE_PARANOID, shown);
    }
    if (Boolean.TRUE.equals(hints.openWorld()) && trust < rank("user")) {
      scan.hit(OPEN_WORLD, shown);
    }
  }

  /** The same rule for a trusted provider's destructive tool: paranoid only. */
  static final BuiltinRule DESTRUCTIVE_PARANOID = RuleBook.rule("tools.destructive-trusted");

  /**
   * A trust level's rank.
   *
   * @param trust its wire name, or {@code null}
   * @return 3 for internal, 2 user, 1 project, 0 for external, unknown or none
   */
  static int rank(String trust) {
    if (trust == null) {
      return 0;
    }
    return switch (trust) {
      case "internal" -> 3;
      case "user" -> 2;
      case "project" -> 1;
      default -> 0;
    };
  }
}
