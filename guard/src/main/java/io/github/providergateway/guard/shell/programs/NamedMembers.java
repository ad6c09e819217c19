package io.github.providergateway.guard.shell.programs;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Inline code with the members it names by a string written as the members they are (rtc red team):
 * python's {@code getattr(os, "system")}, {@code X.__getattribute__("n")} and a subscript called at
 * once ({@code vars(os)["system"](…)}, node's {@code cp["execSync"](…)}) are {@code X.n}; ruby's
 * {@code X.send(:n, …)}, {@code public_send}, {@code __send__} and {@code method(:n).call(…)} are
 * {@code X.n(…)}; perl's {@code X->can("n")->(…)} is {@code X->n(…)}; php's {@code
 * call_user_func("n", …)}, {@code register_shutdown_function("n", …)} and {@code (new
 * ReflectionFunction("n"))->invoke(…)} are {@code n(…)}; botocore's {@code
 * _make_api_call("DeleteBucket", …)} is {@code delete_bucket(…)}. The name is a literal or a name
 * the code assigns one to ({@code op = "delete_bucket"; getattr(s3, op)}); every reader of inline
 * code then reads the call as the one it names. Read after {@link JoinedLiterals}, so that a name
 * joined of pieces is one literal.
 */
final class NamedMembers {
  private NamedMembers() {}

  /** A name a member may have. */
  private static final String NAME = "[A-Za-z_][A-Za-z0-9_]*";

  /** A literal holding a name, or a name (assigned one): group 2 or group 3. */
  private static final String NAMED = "(?:(['\"])(" + NAME + ")\\1|(" + NAME + "))";

  private static final Pattern GETATTRIBUTE =
      Pattern.compile("\\.__getattribute__\\(\\s*" + NAMED + "\\s*\\)");

  /** A subscript by a name, called at once: {@code X["n"](}, after a name or a close. */
  private static final Pattern SUBSCRIPT_CALL =
      Pattern.compile("(?<=[\\w)\\]])\\[\\s*(['\"])(" + NAME + ")\\1\\s*\\](?=\\s*\\()");

  private static final Pattern RUBY_SEND =
      Pattern.compile(
          "(\\.|(?<![\\w.:]))(?:send|public_send|__send__)\\(\\s*(?::("
              + NAME
              + "[?!]?)|(['\"])("
              + NAME
              + "[?!]?)\\3)\\s*(,|\\))");

  private static final Pattern RUBY_METHOD =
      Pattern.compile(
          "(\\.|(?<![\\w.:]))method\\(\\s*:(" + NAME + "[?!]?)\\s*\\)\\s*\\.\\s*(?:call\\s*)?\\(");

  private static final Pattern PERL_CAN =
      Pattern.compile("->\\s*can\\(\\s*(['\"])(" + NAME + ")\\1\\s*\\)\\s*->\\s*\\(");

  private static final Pattern PHP_CALLBACK =
      Pattern.compile(
          "(?<![\\w>$])(?:call_user_func|register_shutdown_function|forward_static_call)"
              + "\\(\\s*(['\"])("
              + NAME
              + ")\\1\\s*(,|\\))");

  private static final Pattern PHP_REFLECTION =
      Pattern.compile(
          "\\(?\\s*new\\s+ReflectionFunction\\(\\s*(['\"])("
              + NAME
              + ")\\1\\s*\\)\\s*\\)?\\s*->\\s*invoke(?:Args)?\\(");

  private static final Pattern BOTO_OPERATION =
      Pattern.compile("\\._make_api_call\\(\\s*(['\"])([A-Z][A-Za-z0-9]*)\\1\\s*(,|\\))");

  /**
   * The code with its members named by strings written as members.
   *
   * @param language its language
   * @param code the inline code, its literals joined
   * @return the rewritten code, or {@code code} itself where it names none so
   */
  static String of(InlineLanguage language, String code) {
    return switch (language) {
      case PYTHON -> python(code);
      case NODE -> subscripts(code);
      case RUBY ->
          code.contains("send") || code.contains("method(")
              ? replace(
                  RUBY_METHOD,
                  replace(
                      RUBY_SEND,
                      code,
                      m -> m.group(1) + name(m, 2, 4) + "(" + (m.group(5).equals(")") ? ")" : "")),
                  m -> m.group(1) + m.group(2) + "(")
              : code;
      case PERL ->
          code.contains("can") ? replace(PERL_CAN, code, m -> "->" + m.group(2) + "(") : code;
      case PHP ->
          code.contains("call_user_func")
                  || code.contains("register_shutdown_function")
                  || code.contains("forward_static_call")
                  || code.contains("ReflectionFunction")
              ? replace(
                  PHP_REFLECTION,
                  replace(
                      PHP_CALLBACK,
                      code,
                      m -> m.group(2) + "(" + (m.group(3).equals(")") ? ")" : "")),
                  m -> m.group(2) + "(")
              : code;
      case AWK -> code;
    };
  }

  private static String name(Matcher m, int first, int second) {
    return m.group(first) != null ? m.group(first) : m.group(second);
  }

  private static String python(String code) {
    String out = code;
    if (out.contains("getattr(")) {
      out = getattrs(out);
    }
    if (out.contains("__getattribute__")) {
      Map<String, String> assigned = InlineAssignments.of(out);
      out =
          replace(
              GETATTRIBUTE,
              out,
              m -> {
                String name = m.group(2) != null ? m.group(2) : assigned.get(m.group(3));
                return name != null && name.matches(NAME) ? "." + name : m.group();
              });
    }
    if (out.contains("_make_api_call")) {
      out =
          replace(
              BOTO_OPERATION,
              out,
              m -> "." + snake(m.group(2)) + "(" + (m.group(3).equals(")") ? ")" : ""));
    }
    return subscripts(out);
  }

  private static String subscripts(String code) {
    return code.indexOf('[') < 0 ? code : replace(SUBSCRIPT_CALL, code, m -> "." + m.group(2));
  }

  /** {@code DeleteBucket} as {@code delete_bucket}: botocore's operation as boto3's method. */
  private static String snake(String operation) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < operation.length(); i++) {
      char c = operation.charAt(i);
      if (Character.isUpperCase(c)) {
        if (i > 0 && !Character.isUpperCase(operation.charAt(i - 1))) {
          sb.append('_');
        }
        sb.append(Character.toLowerCase(c));
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  /** Each {@code getattr(EXPR, NAME)} as {@code EXPR.NAME}, where NAME is known. */
  private static String getattrs(String code) {
    Map<String, String> assigned = null;
    StringBuilder out = null;
    int copied = 0;
    for (int at = code.indexOf("getattr("); at >= 0; at = code.indexOf("getattr(", at + 8)) {
      if (at > 0
          && (Character.isLetterOrDigit(code.charAt(at - 1))
              || code.charAt(at - 1) == '_'
              || code.charAt(at - 1) == '.')) {
        continue;
      }
      int open = at + 7;
      int comma = topLevel(code, open + 1, ',');
      if (comma < 0) {
        continue;
      }
      int close = topLevel(code, comma + 1, ')');
      if (close < 0) {
        continue;
      }
      String object = code.substring(open + 1, comma).strip();
      String attribute = code.substring(comma + 1, close).strip();
      String name = InlineAssignments.joinedLiterals(attribute);
      if (name == null && attribute.matches(NAME)) {
        if (assigned == null) {
          assigned = InlineAssignments.of(code);
        }
        name = assigned.get(attribute);
      }
      if (name == null || !name.matches(NAME) || object.isEmpty()) {
        continue; // getattr(o, n, default), a name computed: left as written
      }
      if (out == null) {
        out = new StringBuilder(code.length());
      }
      out.append(code, copied, at).append(object).append('.').append(name);
      copied = close + 1;
      at = close;
    }
    return out == null ? code : out.append(code, copied, code.length()).toString();
  }

  /**
   * Where {@code stop} stands at the top level from {@code from} (brackets and strings skipped),
   * before the enclosing bracket closes; -1 where it does not within 400 characters.
   */
  private static int topLevel(String code, int from, char stop) {
    int depth = 0;
    int end = Math.min(code.length(), from + 400);
    for (int i = from; i < end; i++) {
      char c = code.charAt(i);
      if (c == '\'' || c == '"') {
        int close = code.indexOf(c, i + 1);
        if (close < 0) {
          return -1;
        }
        i = close;
      } else if (depth == 0 && c == stop) {
        return i;
      } else if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        if (depth == 0) {
          return -1;
        }
        depth--;
      }
    }
    return -1;
  }

  private static String replace(
      Pattern pattern, String code, java.util.function.Function<Matcher, String> with) {
    Matcher m = pattern.matcher(code);
    if (!m.find()) {
      return code;
    }
    StringBuilder sb = new StringBuilder(code.length());
    int copied = 0;
    do {
      sb.append(code, copied, m.start()).append(with.apply(m));
      copied = m.end();
    } while (m.find());
    return sb.append(code, copied, code.length()).toString();
  }
}
