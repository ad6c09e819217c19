package io.github.providergateway.guard.shell.programs;

/** An interpreter family whose inline code the guard reads, with the name of its code option. */
public enum InlineLanguage {
  /** {@code python -c} and pypy. */
  PYTHON("python -c"),
  /** {@code node -e}, bun, deno. */
  NODE("node -e"),
  /** {@code perl -e}. */
  PERL("perl -e"),
  /** {@code ruby -e}. */
  RUBY("ruby -e"),
  /** {@code php -r}. */
  PHP("php -r"),
  /** An awk program. */
  AWK("awk");

  /** How the commands found in its code are reached. */
  private final String via;

  InlineLanguage(String via) {
    this.via = via;
  }

  /** {@return how the commands found in its code are reached, for an invocation's way} */
  public String via() {
    return via;
  }

  /** {@return the program and its flag that run this language's code given on the line} */
  public String[] commandLine() {
    return switch (this) {
      case PYTHON -> new String[] {"python3", "-c"};
      case NODE -> new String[] {"node", "-e"};
      case PERL -> new String[] {"perl", "-e"};
      case RUBY -> new String[] {"ruby", "-e"};
      case PHP -> new String[] {"php", "-r"};
      case AWK -> new String[] {"awk", "--"};
    };
  }
}
