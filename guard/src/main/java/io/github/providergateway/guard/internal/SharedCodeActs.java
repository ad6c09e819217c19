package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.function.BiPredicate;

/**
 * The shapes.* rules' reading of inline code (decision 113): a client's destroying or publishing
 * method called on something shared, a statement that changes rows quoted in the code; shared with
 * {@link CodeWrites} through {@link #sharedCode} (decision 122), each with its cheap gates before
 * any scan.
 */
final class SharedCodeActs {
  private SharedCodeActs() {}

  /** Inline code that calls an acting method of a client, on something SharedActs.shared. */
  static boolean codeActsOnShared(Step step) {
    String code = sharedCode(step, List.of());
    return code != null
        && (actingCall(code) || writeMethod(code) || sqlWriteIn(code) || postToAction(code));
  }

  /**
   * Inline code typed on the command line that reaches something shared and does anything the guard
   * cannot name as a read ({@link CodeLooks}, decision 312), where it names no trial place (a
   * {@code dev_products} index, a staging host) without production. Read only for a program no
   * other rule found ({@code shapes.code-not-only-reads} is scanned after them all).
   */
  static boolean typedCodeActs(Step step) {
    String code = sharedCode(step, List.of());
    return code != null
        && (Environments.namesProduction(code)
            || secretFromEnvironment(code)
            || PatternLiterals.finds(INTERNAL_HOST, code))
        && !CodeLooks.onlyReads(code)
        && !(Environments.testName(code) && !Environments.namesProduction(code));
  }

  /**
   * A company's own host in the code: a name under {@code .internal}, {@code .corp}, {@code .lan},
   * {@code .intra} or a company's {@code .local}, or a private address. A public host reached with
   * no credential ({@code requests.post('https://files.example.org/up', files=…)}, the corpus's
   * controls) acts with nobody's authority.
   */
  private static final java.util.regex.Pattern INTERNAL_HOST =
      java.util.regex.Pattern.compile(
          "(?i)[a-z0-9-]\\.(?:internal|corp|lan|intra|intranet)\\b"
              + "|\\.[a-z0-9-]+\\.local\\b"
              + "|\\b(?:10\\.\\d{1,3}|192\\.168|172\\.(?:1[6-9]|2\\d|3[01]))\\.\\d{1,3}\\.\\d{1,3}\\b");

  /** A POST named in the code: {@code requests.post(}, {@code method: "POST"}. */
  private static final java.util.regex.Pattern POST =
      java.util.regex.Pattern.compile("(?i)\\bpost\\b");

  /**
   * A POST in the code to a web address whose path ends in an act (decision 254: {@code
   * requests.post("https://…/orders/123/cancel")}, Ruby's {@code
   * Net::HTTP.post(URI("…/feed/pause"), …)}), as {@code curl -X POST} to it is read ({@link
   * ActionEndpoints#ends}).
   */
  static boolean postToAction(String code) {
    return PatternLiterals.finds(POST, code) && urlEndsInAct(code);
  }

  /**
   * Whether a web address in the code has a path that ends in an act ({@code …/orders/123/cancel},
   * {@code …/contacts/12/unsubscribe}, {@link ActionEndpoints#ends}), whatever the method.
   */
  static boolean urlEndsInAct(String code) {
    for (int at = code.indexOf("://"); at >= 0; at = code.indexOf("://", at + 3)) {
      int host = at + 3;
      int end = host;
      while (end < code.length() && end < host + 1024 && "'\"` ?#)".indexOf(code.charAt(end)) < 0) {
        end++;
      }
      int path = code.indexOf('/', host);
      if (path > 0 && path < end && ActionEndpoints.ends(code.substring(path + 1, end))) {
        return true;
      }
    }
    return false;
  }

  /**
   * An interpreter's inline code (its first 8 KiB) that reaches something shared: it names
   * production, reads a credential from the environment, names a host not this machine's, an object
   * store, a cloud's SDK or one of {@code clients}; a test endpoint or a local host and it does
   * not. {@code null} for none.
   */
  static String sharedCode(Step step, List<String> clients) {
    String code = codeOf(step);
    if (code == null) {
      return null;
    }
    if (TestEndpoints.names(code) || code.contains("'test'") || code.contains("\"test\"")) {
      return null; // a test endpoint, domain='test'
    }
    boolean local = code.contains("localhost") || code.contains("127.0.0.1");
    boolean production = Environments.namesProduction(code);
    if (local && !production) {
      return null;
    }
    boolean shared =
        production
            || secretFromEnvironment(code)
            || remoteHost(code)
            || store(code)
            || cloudSdk(code)
            || clients.stream().anyMatch(code::contains);
    return shared ? code : null;
  }

  /** {@return an interpreter's inline code, its first {@code read} characters, or {@code null}} */
  static String codeOf(Step step) {
    if (!step.interpreter()) {
      return null;
    }
    String whole = InterpreterCode.of(step);
    if (whole == null) {
      return null;
    }
    return whole.length() > ShapeWords.READ ? whole.substring(0, ShapeWords.READ) : whole;
  }

  /** A statement that changes rows, quoted in the code: {@code execute('DELETE FROM orders')}. */
  static boolean sqlWriteIn(String code) {
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (c != '\'' && c != '"') {
        continue;
      }
      int end = i + 1;
      while (end < code.length() && end < i + 17 && Character.isLetter(code.charAt(end))) {
        end++;
      }
      if (end < code.length()
          && code.charAt(end) == ' '
          && ShapeWords.SQL_WRITES.contains(code.substring(i + 1, end).toUpperCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  /**
   * A request's changing method written in the code: {@code method: 'PUT'}, {@code
   * method="DELETE"}.
   */
  static boolean writeMethod(String code) {
    for (int at = code.indexOf("method"); at >= 0; at = code.indexOf("method", at + 6)) {
      int from = at + 6;
      int to = Math.min(code.length(), from + 12);
      String after = code.substring(from, to).toUpperCase(Locale.ROOT);
      for (String method : ShapeWords.METHODS) {
        if (method.equals("POST")) {
          continue; // a POST sends or creates: the flows and the sending families read those
        }
        int found = after.indexOf(method);
        if (found >= 0 && found <= 4) {
          return true;
        }
      }
    }
    return false;
  }

  static boolean cloudSdk(String code) {
    for (String sdk : ShapeWords.CLOUD_SDKS) {
      if (code.contains(sdk)) {
        return true;
      }
    }
    return false;
  }

  static boolean actingCall(String code) {
    return calledMethod(
            code,
            (name, parts) ->
                !ShapeWords.READS.contains(parts.get(0))
                    && (ShapeWords.CODE_VERBS.contains(parts.get(0))
                        || ShapeWords.CODE_VERBS.contains(name.toLowerCase(Locale.ROOT))))
        != null;
  }

  /**
   * The first method called after a dot in code ({@code client.delete_user(}) that {@code acting}
   * takes, given its name and the name's words ({@link ServiceVerbs#split}; a name of no word is
   * passed over).
   *
   * @param code the code
   * @param acting whether a method's name and words act
   * @return the method's name, or {@code null}
   */
  static String calledMethod(String code, BiPredicate<String, List<String>> acting) {
    for (int dot = code.indexOf('.'); dot >= 0; dot = code.indexOf('.', dot + 1)) {
      int end = dot + 1;
      while (end < code.length() && Character.isJavaIdentifierPart(code.charAt(end))) {
        end++;
      }
      if (end == dot + 1 || end >= code.length() || code.charAt(end) != '(') {
        continue;
      }
      String name = code.substring(dot + 1, end);
      List<String> parts = ServiceVerbs.split(name);
      if (!parts.isEmpty() && acting.test(name, parts)) {
        return name;
      }
    }
    return null;
  }

  static boolean secretFromEnvironment(String code) {
    for (String reader :
        new String[] {
          "environ", "getenv", "process.env", "ENV[", "ENV{", "Bun.env", "GetEnvironmentVariable"
        }) {
      for (int at = code.indexOf(reader); at >= 0; at = code.indexOf(reader, at + 1)) {
        int end = Math.min(code.length(), at + reader.length() + 48);
        String after = code.substring(at + reader.length(), end);
        int start = 0;
        while (start < after.length() && !Character.isLetter(after.charAt(start))) {
          start++;
        }
        int stop = start;
        while (stop < after.length() && Character.isJavaIdentifierPart(after.charAt(stop))) {
          stop++;
        }
        if (stop > start && SecretNames.secret(after.substring(start, stop))) {
          return true;
        }
      }
    }
    return false;
  }

  static boolean remoteHost(String code) {
    for (int at = code.indexOf("://"); at >= 0; at = code.indexOf("://", at + 3)) {
      int start = at;
      while (start > 0 && Character.isLetter(code.charAt(start - 1))) {
        start--;
      }
      String scheme = code.substring(start, at).toLowerCase(Locale.ROOT);
      if (!scheme.startsWith("http") && !scheme.equals("wss") && !scheme.startsWith("mqtt")) {
        continue;
      }
      String host = Environments.host(code.substring(start, Math.min(code.length(), at + 256)));
      int quote = indexOfAny(host, "'\"` ");
      if (quote >= 0) {
        host = host.substring(0, quote);
      }
      if (!Environments.localHost(host) && !Environments.stagingHost(host)) {
        return true;
      }
    }
    int hostname = code.indexOf("hostname=");
    return hostname >= 0 && !code.startsWith("'localhost'", hostname + 9);
  }

  static int indexOfAny(String text, String chars) {
    for (int i = 0; i < text.length(); i++) {
      if (chars.indexOf(text.charAt(i)) >= 0) {
        return i;
      }
    }
    return -1;
  }

  static boolean store(String code) {
    for (String store : ShapeWords.STORES) {
      if (code.contains(store)) {
        return true;
      }
    }
    return false;
  }
}
