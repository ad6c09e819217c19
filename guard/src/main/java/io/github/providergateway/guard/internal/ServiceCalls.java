package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;

/**
 * Whether a program sends a request to one of production's services ({@link Environments.Service},
 * environments.json's {@code services}): an HTTP client's method and URLs, read as curl, wget and
 * httpie settle them, or inline code naming the service's URL and its method.
 */
final class ServiceCalls {
  private ServiceCalls() {}

  /**
   * A program's request as the services read it, once a program: its method, its words in lower
   * case (as the program gets them, and as written), or the inline code it runs in lower case.
   *
   * @param method the HTTP method, lower case; {@code null} for a program that is no HTTP client
   * @param texts the words as the program gets them
   * @param written the words as the command wrote them
   * @param code the inline code, or {@code null}
   */
  private record Request(String method, List<String> texts, List<String> written, String code) {}

  /**
   * Whether the program sends the service a request.
   *
   * @param scan the call, where the program's request is kept once read
   * @param step the program
   * @param service the service
   * @return whether it does
   */
  static boolean calls(Scan scan, Step step, Environments.Service service) {
    java.util.Map<Step, Request> read =
        scan.once("ServiceCalls.requests", s -> new java.util.IdentityHashMap<>());
    Request request = read.computeIfAbsent(step, ServiceCalls::request);
    if (request.code() != null) {
      return codeCalls(request.code(), service) && !TestEndpoints.names(request.code());
    }
    if (request.method() == null || !service.methods().contains(request.method())) {
      return false;
    }
    boolean url = false;
    boolean also = service.also().isEmpty();
    for (int i = 0; i < request.texts().size(); i++) {
      String t = request.written().get(i);
      for (String unless : service.unless()) {
        if (t.contains(unless)) {
          return false;
        }
      }
      url |= urlMatches(request.texts().get(i), service);
      for (String part : service.also()) {
        also |= t.contains(part);
      }
    }
    return url && also && !TestEndpoints.in(step) && !TestEnvironments.only(request.written());
  }

  private static Request request(Step step) {
    String code = InterpreterCode.of(step);
    if (code != null) {
      return new Request(null, List.of(), List.of(), code.toLowerCase(Locale.ROOT));
    }
    if (!http(step.program())) {
      return new Request(null, List.of(), List.of(), null);
    }
    List<String> texts = new java.util.ArrayList<>();
    List<String> written = new java.util.ArrayList<>();
    for (Word word : step.args()) {
      texts.add(word.text().toLowerCase(Locale.ROOT));
      written.add((word.written() != null ? word.written() : word.text()).toLowerCase(Locale.ROOT));
    }
    return new Request(method(step.program(), step.args()), texts, written, null);
  }

  private static boolean http(String program) {
    return switch (program) {
      case "curl", "wget", "http", "https", "xh", "curlie" -> true;
      default -> false;
    };
  }

  /** curl's {@code -X}, or POST where it sends data (PUT for {@code -T}); wget's; httpie's. */
  static String method(String program, List<Word> args) {
    String method = null;
    boolean data = false;
    boolean upload = false;
    boolean get = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i).text();
      if (program.equals("curl") && (a.equals("--get") || shortCluster(a, 'G'))) {
        get = true; // curl -G: the data goes in the URL's query, the method stays GET
      }
      if (a.equals("-X") || a.equals("--request") || a.equals("--method")) {
        method = i + 1 < args.size() ? args.get(i + 1).text() : null;
      } else if (a.startsWith("-X") && a.length() > 2) {
        method = a.substring(2);
      } else if (clusteredMethod(a) != null) {
        String m = clusteredMethod(a); // curl -sSXDELETE, -sSX DELETE: flags, then -X
        method = m.isEmpty() ? i + 1 < args.size() ? args.get(i + 1).text() : null : m;
      } else if (a.startsWith("--request=") || a.startsWith("--method=")) {
        method = a.substring(a.indexOf('=') + 1);
      } else if (a.startsWith("-d")
          || a.startsWith("--data")
          || a.equals("--json")
          || a.startsWith("-F")
          || a.startsWith("--form")
          || a.startsWith("--post-")) {
        data = true;
      } else if (a.equals("-T") || a.equals("--upload-file")) {
        upload = true;
      } else if (i == 0
          && (program.equals("http") || program.equals("https") || program.equals("xh"))
          && a.chars().allMatch(Character::isUpperCase)) {
        method = a;
      } else if (!a.startsWith("-")
          && (a.contains("=") || a.contains(":="))
          && !(a.contains("==") && !a.contains(":="))
          && !a.contains("://")
          && (program.equals("http") || program.equals("https") || program.equals("xh"))) {
        data = true; // httpie's items send a body: POST
      }
    }
    if (method != null) {
      return method.toLowerCase(Locale.ROOT);
    }
    return upload ? "put" : data && !get ? "post" : "get";
  }

  /** Whether a word is a cluster of short options holding this letter ({@code -sSG}). */
  private static boolean shortCluster(String a, char option) {
    if (a.length() < 2 || a.charAt(0) != '-' || a.charAt(1) == '-' || a.length() > 8) {
      return false;
    }
    for (int i = 1; i < a.length(); i++) {
      if (!Character.isLetter(a.charAt(i))) {
        return false;
      }
    }
    return a.indexOf(option) > 0;
  }

  /** curl's short options that take no value, as they may be clustered before {@code -X}. */
  private static final String CURL_FLAGS = "sSLkfivgIjNqOZ46#0123:";

  /**
   * {@return the method of {@code -X} at the end of a cluster of curl's flags ({@code -sSXDELETE}),
   * the empty string when it is in the next word ({@code -sSX DELETE}), or null}
   */
  private static String clusteredMethod(String a) {
    if (a.length() < 3 || a.charAt(0) != '-' || a.charAt(1) == '-') {
      return null;
    }
    for (int j = 1; j < a.length(); j++) {
      char c = a.charAt(j);
      if (c == 'X') {
        return j == 1 ? null : a.substring(j + 1);
      }
      if (CURL_FLAGS.indexOf(c) < 0) {
        return null;
      }
    }
    return null;
  }

  private static boolean urlMatches(String text, Environments.Service service) {
    int scheme = text.indexOf("://");
    String rest = scheme >= 0 ? text.substring(scheme + 3) : text;
    int slash = rest.indexOf('/');
    if (slash <= 0) {
      return false;
    }
    String host = Environments.host(rest.substring(0, slash));
    String path = rest.substring(slash);
    boolean hostMatches = service.hosts().isEmpty();
    for (String h : service.hosts()) {
      hostMatches |= host.equals(h) || host.endsWith("." + h);
    }
    if (!hostMatches || !(scheme >= 0 || !service.hosts().isEmpty())) {
      return false;
    }
    for (String p : service.paths()) {
      if (path.contains(p)) {
        return true;
      }
    }
    return false;
  }

  /** Inline code naming the service's URL and its method as a word ({@code requests.post}). */
  private static boolean codeCalls(String c, Environments.Service service) {
    boolean host = service.hosts().isEmpty();
    for (String h : service.hosts()) {
      host |= c.contains(h);
    }
    boolean path = false;
    for (String p : service.paths()) {
      path |= c.contains(p);
    }
    if (!host || !path) {
      return false;
    }
    for (String unless : service.unless()) {
      if (c.contains(unless)) {
        return false;
      }
    }
    for (String m : service.methods()) {
      if (c.contains("." + m + "(") || c.contains("'" + m + "'") || c.contains("\"" + m + "\"")) {
        return true;
      }
    }
    return false;
  }
}
