package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.ServiceLexicon.Phrase;
import io.github.providergateway.guard.internal.ServiceLexicon.VerbClass;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Inline code's acting calls on a service's client (decision 98), whatever the library: the code
 * imports a module that is neither the standard library nor a local one ({@code
 * acting-verbs.json}'s {@code stdlib} and {@code localLibraries}), and calls a method on what that
 * module names or makes ({@code Pinecone().delete_index(…)}, {@code r = redis.Redis(…);
 * r.delete(k)}, {@code boto3.client('iam').create_access_key(…)}) whose name's first part is a verb
 * of the lexicon's classes. Read once, a character at a time: no pattern.
 */
final class ActingCode {
  private ActingCode() {}

  /** The modules of a test's code: where they are imported, the clients are fakes. */
  private static final List<String> TEST_MODULES =
      List.of(
          "mock",
          "pytest",
          "unittest",
          "moto",
          "responses",
          "vcr",
          "httpretty",
          "fakeredis",
          "testcontainers",
          "localstack",
          "nock",
          "msw",
          "sinon",
          "jest",
          "webmock",
          "rspec");

  /** How much of the code is read: past it, the rest is not (a call is read at its place). */
  private static final int READ = 16_384;

  /**
   * The class of the code's first acting call on a service's client, or {@code null}. The last
   * program read and its class, {Step, String}, are kept in the call's scan ({@link Scan#once}):
   * two rules ask of the same program in turn, and nothing of the call outlives it.
   */
  static String classOf(Scan scan, Step step) {
    Object[] last = scan.once("ActingCode", call -> new Object[2]);
    if (last[0] == step) {
      return (String) last[1];
    }
    String code = InterpreterCode.of(step);
    String found = code == null ? null : classOfCode(code, scan, step);
    last[0] = step;
    last[1] = found;
    return found;
  }

  static String classOfCode(String whole, Scan scan, Step step) {
    String code = whole.length() > READ ? whole.substring(0, READ) : whole;
    Set<String> bound = new HashSet<>();
    Set<String> modules = new HashSet<>();
    imports(code, bound, modules);
    if (bound.isEmpty() && modules.isEmpty()) {
      return null; // most code: the standard library's and local libraries' calls only
    }
    for (String test : TEST_MODULES) {
      if (nextWord(code, test, 0) >= 0) {
        return null; // a test's code: its clients are mocks, fakes or a local stack
      }
    }
    assignments(code, bound, modules);
    boolean local =
        code.contains("localhost")
            || code.contains("127.0.0.1")
            || code.contains("_EMULATOR_HOST")
            || scan != null && Environments.localTestData(scan, step);
    if (local && !Environments.namesProduction(code)) {
      return null;
    }
    boolean remote = remote(code) || Environments.namesProduction(code);
    for (int dot = code.indexOf('.'); dot >= 0; dot = code.indexOf('.', dot + 1)) {
      int end = dot + 1;
      while (end < code.length() && identifier(code.charAt(end))) {
        end++;
      }
      if (end == dot + 1 || end >= code.length()) {
        continue;
      }
      char after = code.charAt(end);
      if (after != '(' && after != '!') {
        continue;
      }
      String root = rootBefore(code, dot);
      if (root == null
          || !bound.contains(root)
              && !modules.contains(key(root))
              && !loadsService(code, dot, root)) {
        continue;
      }
      // A Ruby bang method (c.delete!) says it acts, whatever its host.
      String found = classOfName(code.substring(dot + 1, end), remote || after == '!');
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /**
   * Whether the code names a host not this machine's: a URL's ({@code https://q.acme.io}), or a
   * {@code host=}/{@code host:} argument's ({@code redis.Redis(host='cache.acme.internal')}).
   */
  private static boolean remote(String code) {
    for (int at = code.indexOf("://"); at >= 0; at = code.indexOf("://", at + 3)) {
      int start = at;
      while (start > 0 && Character.isLetterOrDigit(code.charAt(start - 1))) {
        start--;
      }
      int end = at + 3;
      while (end < code.length() && "'\" \t)`,".indexOf(code.charAt(end)) < 0) {
        end++;
      }
      if (!Environments.localHost(Environments.host(code.substring(start, end)))) {
        return true;
      }
    }
    for (int at = code.indexOf("host"); at >= 0; at = code.indexOf("host", at + 4)) {
      int i = at + 4;
      while (i < code.length() && " =:".indexOf(code.charAt(i)) >= 0) {
        i++;
      }
      String value = i > at + 4 ? quoted(code, i) : null;
      if (value != null
          && value.contains(".")
          && !Environments.localHost(Environments.host(value))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The class of a method's name: its first part a verb, or every part of a longer phrase. A verb
   * alone ({@code .delete(}, {@code .teardown(}) counts where the code names a remote host or
   * production (a client's default is often this machine's: {@code redis.Redis()}); a verb with
   * what it acts on ({@code .delete_index(}, {@code .drop_database(}) counts anywhere, but a weak
   * verb ({@code .remove_columns(}) only on a remote host.
   */
  private static String classOfName(String name, boolean remote) {
    List<String> parts = ServiceVerbs.split(name);
    if (ServiceLexicon.LEXICON.reads().contains(parts.get(0))) {
      return null;
    }
    for (VerbClass verbClass : ActingVerbs.classes()) {
      for (Phrase phrase : verbClass.phrases()) {
        List<String> needed = phrase.parts();
        if (!phrase.options().isEmpty() || !phrase.words().isEmpty()) {
          continue;
        }
        if (needed.size() == 1
            ? parts.get(0).equals(needed.get(0))
                && (remote || parts.size() > 1 && !ActingVerbs.weak(needed.get(0)))
            : parts.get(0).equals(needed.get(0)) && parts.containsAll(needed)) {
          return verbClass.name();
        }
      }
    }
    return null;
  }

  /**
   * The names imported from modules that act on a service: Python's {@code import a.b as c}, {@code
   * from a import B as C}; JavaScript's {@code const X = require('a')}, {@code import X from 'a'};
   * Ruby's {@code require "a"} (its constant, {@code A::…}, by the module's name).
   */
  private static void imports(String code, Set<String> bound, Set<String> modules) {
    int at = 0;
    while ((at = nextWord(code, "import", at)) >= 0) {
      int start = at;
      at += "import".length();
      // from M import a as b, c
      int from = lastWordBefore(code, start, "from");
      if (from >= 0) {
        String module = firstName(code, from + 4);
        if (module != null && service(module)) {
          for (String name : names(code, at)) {
            bound.add(name);
          }
          modules.add(key(top(module)));
        }
        continue;
      }
      // import a.b as c, d   |   import X from 'm'   |   import { A } from "m"
      int fromQuote = code.indexOf(" from ", at);
      int lineEnd = lineEnd(code, at);
      if (fromQuote > 0 && fromQuote < lineEnd) {
        String module = quoted(code, fromQuote + 6);
        if (module != null && service(module)) {
          for (String name : names(code.substring(at, fromQuote), 0)) {
            bound.add(name);
          }
          modules.add(key(top(module)));
        }
        continue;
      }
      for (String item : code.substring(at, lineEnd).split(",", 32)) {
        String[] words = item.trim().split("\\s+", 4);
        if (words.length == 0 || words[0].isEmpty()) {
          continue;
        }
        String module = words[0];
        if (service(module)) {
          bound.add(words.length >= 3 && words[1].equals("as") ? words[2] : top(module));
          modules.add(key(top(module)));
        }
      }
    }
    at = 0;
    java.util.regex.Matcher loaded = LOADER.matcher(code);
    while (loaded.find()) {
      if (service(loaded.group(2))) {
        modules.add(key(top(loaded.group(2)))); // __import__('boto3'), import_module('stripe')
      }
    }
    while ((at = nextWord(code, "require", at)) >= 0) {
      at += "require".length();
      String module = quoted(code, at);
      if (module == null || !service(module)) {
        continue;
      }
      modules.add(key(top(module)));
      // const X = require('m')   |   const { A, B } = require("m")
      int eq = code.lastIndexOf('=', at);
      int statement = Math.max(code.lastIndexOf(';', at), code.lastIndexOf('\n', at));
      if (eq > statement) {
        for (String name : names(code.substring(statement + 1, eq), 0)) {
          if (!name.equals("const") && !name.equals("let") && !name.equals("var")) {
            bound.add(name);
          }
        }
      }
    }
  }

  /**
   * Names made from a bound one: {@code r = redis.Redis(…)}, {@code s3 = boto3.client('s3')}, and a
   * block's variable over one ({@code X.all.each { |c| …}}), in the code's order.
   */
  private static void assignments(String code, Set<String> bound, Set<String> modules) {
    for (int eq = code.indexOf('='); eq > 0; eq = code.indexOf('=', eq + 1)) {
      char before = code.charAt(eq - 1);
      if (eq + 1 < code.length() && code.charAt(eq + 1) == '='
          || "=!<>+-*/%&|^:".indexOf(before) >= 0) {
        continue;
      }
      int nameEnd = eq;
      while (nameEnd > 0 && code.charAt(nameEnd - 1) == ' ') {
        nameEnd--;
      }
      int nameStart = nameEnd;
      while (nameStart > 0 && identifier(code.charAt(nameStart - 1))) {
        nameStart--;
      }
      if (nameStart == nameEnd || nameStart > 0 && code.charAt(nameStart - 1) == '.') {
        continue; // x.y = …, f(a=…): no name bound
      }
      int value = eq + 1;
      while (value < code.length() && code.charAt(value) == ' ') {
        value++;
      }
      int rootEnd = value;
      while (rootEnd < code.length() && identifier(code.charAt(rootEnd))) {
        rootEnd++;
      }
      String root = code.substring(value, rootEnd);
      if (!root.isEmpty() && (bound.contains(root) || modules.contains(key(root)))) {
        bound.add(code.substring(nameStart, nameEnd));
      }
    }
    for (int bar = code.indexOf('|'); bar > 0; bar = code.indexOf('|', bar + 1)) {
      int open = bar - 1;
      while (open >= 0 && code.charAt(open) == ' ') {
        open--;
      }
      if (open < 0 || !(code.charAt(open) == '{' || code.startsWith("do", open - 1))) {
        continue; // no block's variables: a pipe, an or
      }
      int close = code.indexOf('|', bar + 1);
      if (close < 0 || close - bar > 64) {
        continue;
      }
      String name = code.substring(bar + 1, close).trim();
      int chainEnd = code.lastIndexOf('.', open);
      String root = chainEnd > 0 && open - chainEnd < 160 ? rootBefore(code, chainEnd) : null;
      if (root != null
          && (bound.contains(root) || modules.contains(key(root)))
          && !name.isEmpty()
          && name.chars().allMatch(c -> identifier((char) c))) {
        bound.add(name);
      }
      bar = close;
    }
  }

  /** What loads a module by its name where a chain of calls starts. */
  private static final java.util.regex.Pattern LOADER =
      java.util.regex.Pattern.compile(
          "(?:require|__import__|importlib\\.import_module|import_module)\\s*\\(\\s*(['\"`])([^'\"`]{1,200})\\1\\s*\\)");

  /**
   * Whether the chain before the dot starts with a module loaded by its name that is a service's:
   * node's {@code require('stripe')(key).disputes.close(…)}, python's {@code
   * __import__('boto3').client('iam')…} (rtc red team: no name is bound to the client there).
   */
  private static boolean loadsService(String code, int dot, String root) {
    if (!root.equals("require")
        && !root.equals("__import__")
        && !root.equals("importlib")
        && !root.equals("import_module")) {
      return false;
    }
    int start = code.lastIndexOf(root, dot);
    java.util.regex.Matcher loader = LOADER.matcher(code).region(Math.max(0, start), dot);
    return loader.lookingAt() && service(loader.group(2));
  }

  /**
   * The first name of the chain before a dot: {@code boto3} of {@code boto3.client('sqs').}, {@code
   * Pinecone} of {@code Pinecone().}, {@code Spaceship} of {@code Spaceship::ConnectAPI.}.
   */
  private static String rootBefore(String code, int dot) {
    int i = dot;
    int depth = 0;
    int steps = 0;
    while (i > 0 && steps++ < 160) {
      char c = code.charAt(i - 1);
      if (c == ')' || c == ']') {
        depth++;
      } else if (c == '(' || c == '[') {
        if (depth == 0) {
          break;
        }
        depth--;
      } else if (depth == 0 && !(identifier(c) || c == '.' || c == ':')) {
        break;
      }
      i--;
    }
    int end = i;
    while (end < dot && identifier(code.charAt(end))) {
      end++;
    }
    return end > i ? code.substring(i, end) : null;
  }

  /** Whether a module is a service's: neither the standard library, a local one, nor relative. */
  private static boolean service(String module) {
    if (module.isEmpty() || module.startsWith(".") || module.startsWith("/")) {
      return false;
    }
    String top = top(module);
    return !top.isEmpty()
        && !module.startsWith("node:")
        && !ActingVerbs.localModule(top)
        && !ActingVerbs.localModule(module);
  }

  /** A module's first name: {@code a} of {@code a.b}, {@code @aws-sdk/client-s3} as it is. */
  private static String top(String module) {
    if (module.startsWith("@")) {
      return module;
    }
    int cut = module.length();
    for (char stop : new char[] {'.', '/'}) {
      int at = module.indexOf(stop);
      if (at >= 0 && at < cut) {
        cut = at;
      }
    }
    return module.substring(0, cut);
  }

  /** A name as modules and constants are compared: lower case, without {@code _ -}. */
  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
  }

  private static List<String> names(String text, int from) {
    List<String> names = new ArrayList<>();
    int end = lineEnd(text, from);
    String[] words = text.substring(from, end).replace("{", " ").replace("}", " ").split("[ ,()]+");
    for (int i = 0; i < words.length && i < 64; i++) {
      String word = words[i];
      if (word.equals("as") && i + 1 < words.length) {
        if (!names.isEmpty()) {
          names.set(names.size() - 1, words[i + 1]);
        }
        i++;
      } else if (!word.isEmpty() && word.chars().allMatch(c -> identifier((char) c))) {
        names.add(word);
      }
    }
    return names;
  }

  private static int lineEnd(String code, int from) {
    int end = code.length();
    for (char stop : new char[] {';', '\n'}) {
      int at = code.indexOf(stop, from);
      if (at >= 0 && at < end) {
        end = at;
      }
    }
    return end;
  }

  /** The next place of a word standing alone, or -1. */
  private static int nextWord(String code, String word, int from) {
    for (int at = code.indexOf(word, from); at >= 0; at = code.indexOf(word, at + 1)) {
      boolean start = at == 0 || !identifier(code.charAt(at - 1)) && code.charAt(at - 1) != '.';
      int end = at + word.length();
      boolean stop = end < code.length() && !identifier(code.charAt(end));
      if (start && stop) {
        return at;
      }
    }
    return -1;
  }

  /** The place of {@code word} as the statement's first word before {@code at}, or -1. */
  private static int lastWordBefore(String code, int at, String word) {
    int statement = Math.max(code.lastIndexOf(';', at), code.lastIndexOf('\n', at)) + 1;
    while (statement < at && code.charAt(statement) == ' ') {
      statement++;
    }
    return code.startsWith(word + " ", statement) ? statement : -1;
  }

  private static String firstName(String code, int from) {
    int start = from;
    while (start < code.length() && code.charAt(start) == ' ') {
      start++;
    }
    int end = start;
    while (end < code.length() && (identifier(code.charAt(end)) || code.charAt(end) == '.')) {
      end++;
    }
    return end > start ? code.substring(start, end) : null;
  }

  /** The text in quotes after {@code from} (blanks and an opening parenthesis aside), or null. */
  private static String quoted(String code, int from) {
    int i = from;
    while (i < code.length() && (code.charAt(i) == ' ' || code.charAt(i) == '(')) {
      i++;
    }
    if (i >= code.length()) {
      return null;
    }
    char quote = code.charAt(i);
    if (quote != '\'' && quote != '"' && quote != '`') {
      return null;
    }
    int close = code.indexOf(quote, i + 1);
    return close > i ? code.substring(i + 1, close) : null;
  }

  private static boolean identifier(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }
}
