package io.github.providergateway.guard.shell.programs;

/**
 * A pass over inline code that rewrites some of its string literals where they stand ({@link
 * JoinedLiterals}, {@link ReversedLiterals}): the code is walked past comments, each literal is
 * offered to {@link #literal()}, and what it rewrites is copied into {@link #out()} with the code
 * around it, so that code with nothing rewritten is given back as it was, not copied.
 */
abstract class LiteralRewrite extends CodeCursor {
  /** The code as rewritten so far, up to {@link #copied}; null while nothing is rewritten. */
  private StringBuilder out;

  /** How much of the code {@link #out} holds. */
  int copied;

  LiteralRewrite(InlineLanguage language, String code) {
    super(language, code);
  }

  /** At a literal's first character: past it, rewriting it into {@link #out()} where it must. */
  abstract void literal();

  /** {@return the code rewritten, or the code itself where nothing was} */
  final String rewritten() {
    while (pos < n) {
      if (isStringAt()) {
        literal();
      } else if (isComment()) {
        skipComment();
      } else {
        pos++;
      }
    }
    if (out == null) {
      return s;
    }
    return out.append(s, copied, n).toString();
  }

  /** {@link #out}, made at the first rewrite. */
  final StringBuilder out() {
    if (out == null) {
      out = new StringBuilder(n);
    }
    return out;
  }
}
