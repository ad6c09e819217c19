package io.github.providergateway.guard.shell.programs;

/**
 * A position in a piece of inline code, and the reading of what it skips or takes whole: strings of
 * the language (quotes, prefixes, escapes), comments, spaces, identifiers. {@link InlineScan} reads
 * the calls between them.
 */
abstract class CodeCursor {
  /** The code's language. */
  final InlineLanguage language;

  /** The code. */
  final String s;

  /** Its length. */
  final int n;

  /** The next character to look at. */
  int pos;

  CodeCursor(InlineLanguage language, String code) {
    this.language = language;
    this.s = code;
    this.n = code.length();
  }

  /**
   * Whether a string starts at the read position: a quote, or in python a prefix ({@code r}, {@code
   * f}, {@code rb}, …) and a quote.
   */
  boolean isStringAt() {
    return prefixAt() >= 0;
  }

  /** The length of the string prefix before the quote at the read position, or -1. */
  int prefixAt() {
    int i = pos;
    if (language == InlineLanguage.PYTHON) {
      while (i < n && i - pos < 2 && "rbfuRBFU".indexOf(s.charAt(i)) >= 0) {
        i++;
      }
    }
    return i < n && isQuote(s.charAt(i)) ? i - pos : -1;
  }

  /**
   * At a string: its value with its escapes decoded, or null when it does not end (the pass then
   * stops at the end of the code). Perl's and php's and ruby's single quotes and a raw python
   * string keep their backslashes; a python f-string's fields read as {@code $INLINE}.
   */
  String readString() {
    int prefix = Math.max(0, prefixAt());
    String prefixText = s.substring(pos, pos + prefix);
    pos += prefix;
    boolean raw = prefixText.indexOf('r') >= 0 || prefixText.indexOf('R') >= 0;
    boolean fields = prefixText.indexOf('f') >= 0 || prefixText.indexOf('F') >= 0;
    char q = s.charAt(pos);
    String tripleQuote = "" + q + q + q;
    boolean triple = language == InlineLanguage.PYTHON && s.startsWith(tripleQuote, pos);
    boolean plain =
        raw
            || (q == '\''
                && (language == InlineLanguage.PERL
                    || language == InlineLanguage.RUBY
                    || language == InlineLanguage.PHP));
    pos += triple ? 3 : 1;
    StringBuilder sb = new StringBuilder();
    while (pos < n) {
      char c = s.charAt(pos);
      if (triple ? s.startsWith(tripleQuote, pos) : c == q) {
        pos += triple ? 3 : 1;
        return plain ? sb.toString() : environmentAsShell(sb.toString());
      }
      if (fields && (c == '{' || c == '}')) {
        if (pos + 1 < n && s.charAt(pos + 1) == c) {
          sb.append(c);
          pos += 2;
        } else if (c == '{') {
          int field = pos + 1;
          skipField();
          String known = known(s.substring(field, Math.max(field, pos - 1)).strip());
          sb.append(known != null ? known : "$INLINE"); // f'…{CTX}…' with CTX = 'prod'
        } else {
          sb.append(c);
          pos++;
        }
        continue;
      }
      if (c == '\\' && pos + 1 < n) {
        char d = s.charAt(pos + 1);
        pos += 2;
        if (plain) {
          if (d != q && d != '\\') {
            sb.append('\\');
          }
          sb.append(d);
          continue;
        }
        switch (d) {
          case 'n' -> sb.append('\n');
          case 't' -> sb.append('\t');
          case 'r' -> sb.append('\r');
          case '0', '1', '2', '3', '4', '5', '6', '7' -> {
            // octal, up to three digits: python's, perl's, php's, ruby's "\145" is e
            int end = pos - 1;
            while (end < n && end < pos + 2 && s.charAt(end) >= '0' && s.charAt(end) <= '7') {
              end++;
            }
            sb.append((char) Integer.parseInt(s.substring(pos - 1, end), 8));
            pos = end;
          }
          case '\n' -> {}
          case 'x' -> {
            if (pos + 2 <= n && isHex(s.charAt(pos)) && isHex(s.charAt(pos + 1))) {
              sb.append((char) Integer.parseInt(s.substring(pos, pos + 2), 16));
              pos += 2;
            } else {
              sb.append("\\x");
            }
          }
          case 'u' -> {
            if (pos + 4 <= n && s.substring(pos, pos + 4).chars().allMatch(h -> isHex((char) h))) {
              sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
              pos += 4;
            } else {
              sb.append("\\u");
            }
          }
          default -> sb.append(d);
        }
        continue;
      }
      sb.append(c);
      pos++;
    }
    return null;
  }

  /**
   * perl's {@code $ENV{HOME}}, ruby's {@code #{ENV['HOME']}}, node's {@code ${process.env.HOME}}.
   */
  private static final java.util.regex.Pattern ENVIRONMENT_IN_STRING =
      java.util.regex.Pattern.compile(
          "\\$ENV\\{['\"]?(\\w{1,64})['\"]?\\}|#\\{ENV\\[['\"](\\w{1,64})['\"]\\]\\}"
              + "|\\$\\{process\\.env\\.(\\w{1,64})\\}");

  /**
   * A string that interpolates, with the environment's variables it reads written as the shell
   * reads them ({@code "rm -rf $ENV{HOME}"} is {@code rm -rf ${HOME}}): the command the string
   * becomes, as the shell that runs it sees it.
   */
  private String environmentAsShell(String value) {
    if (language == InlineLanguage.PYTHON
        || language == InlineLanguage.AWK
        || value.indexOf("ENV") < 0 && value.indexOf("process.env") < 0) {
      return value;
    }
    return ENVIRONMENT_IN_STRING
        .matcher(value)
        .replaceAll(
            m ->
                java.util.regex.Matcher.quoteReplacement(
                    "${"
                        + (m.group(1) != null
                            ? m.group(1)
                            : m.group(2) != null ? m.group(2) : m.group(3))
                        + "}"));
  }

  /** At an f-string's {@code {}: to the brace that closes it. */
  /**
   * The string the code assigned to a name, where the reader knows it ({@link InlineScan}); null
   * here.
   */
  String known(String name) {
    return null;
  }

  void skipField() {
    int open = 0;
    while (pos < n) {
      char c = s.charAt(pos++);
      if (c == '{') {
        open++;
      } else if (c == '}' && --open == 0) {
        return;
      }
    }
  }

  boolean isQuote(char c) {
    return c == '"'
        || c == '\''
        || (c == '`' && language != InlineLanguage.PYTHON && language != InlineLanguage.AWK);
  }

  boolean isComment() {
    char c = s.charAt(pos);
    return switch (language) {
      case PYTHON, RUBY, AWK -> c == '#';
      case PERL -> c == '#' && (pos == 0 || s.charAt(pos - 1) != '$');
      case NODE ->
          c == '/' && pos + 1 < n && (s.charAt(pos + 1) == '/' || s.charAt(pos + 1) == '*');
      case PHP ->
          c == '#'
              || (c == '/'
                  && pos + 1 < n
                  && (s.charAt(pos + 1) == '/' || s.charAt(pos + 1) == '*'));
    };
  }

  void skipComment() {
    if (s.startsWith("/*", pos)) {
      int end = s.indexOf("*/", pos + 2);
      pos = end < 0 ? n : end + 2;
      return;
    }
    while (pos < n && s.charAt(pos) != '\n') {
      pos++;
    }
  }

  /**
   * At a string: its value and those of the string literals joined to it by {@code +} (perl's and
   * php's {@code .}), as the code computes it ({@code 'kube' + 'ctl'}); null when the first does
   * not end. A join to anything but a literal is left where it stands, for the caller to read.
   */
  String readJoinedString() {
    String first = readString();
    if (first == null) {
      return null;
    }
    if (language == InlineLanguage.AWK) {
      return AwkConcatenation.after(this, first);
    }
    StringBuilder joined = null;
    for (int rounds = 0; rounds < 64; rounds++) {
      int at = skipSpacesFrom(pos);
      boolean dot = language == InlineLanguage.PERL || language == InlineLanguage.PHP;
      if (at >= n || s.charAt(at) != (dot ? '.' : '+') || at + 1 < n && s.charAt(at + 1) == '=') {
        break;
      }
      int back = pos;
      pos = skipSpacesFrom(at + 1);
      String next;
      if (isStringAt()) {
        next = readString();
      } else {
        int name = pos;
        while (pos < n && isIdentifierPart(s.charAt(pos))) {
          pos++;
        }
        next = pos > name ? known(s.substring(name, pos)) : null; // '… -a ' + APP
      }
      if (next == null) {
        pos = back;
        break;
      }
      if (joined == null) {
        joined = new StringBuilder(first);
      }
      joined.append(next);
    }
    return joined == null ? first : joined.toString();
  }

  void skipSpaces() {
    pos = skipSpacesFrom(pos);
  }

  int skipSpacesFrom(int i) {
    while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == '\n')) {
      i++;
    }
    return i;
  }

  static boolean isHex(char c) {
    return Character.digit(c, 16) >= 0;
  }

  static boolean isIdentifierStart(char c) {
    return Character.isLetter(c) || c == '_' || c == '$';
  }

  static boolean isIdentifierPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }
}
