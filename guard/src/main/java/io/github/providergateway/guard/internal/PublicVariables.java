package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code saas.public-secret} asks (decision 101): a secret's value given to a variable the
 * build inlines into the client's bundle ({@code NEXT_PUBLIC_}, {@code VITE_}, {@code REACT_APP_},
 * {@code EXPO_PUBLIC_}, …), so that it is shipped to every browser: set by a hosting CLI ({@code
 * printenv ALGOLIA_ADMIN_KEY | vercel env add NEXT_PUBLIC_…}), assigned in a command or a file, or
 * inlined by a bundler's configuration ({@code define}, {@code env}, {@code envPrefix: ''}).
 */
final class PublicVariables {
  private PublicVariables() {}

  /** The prefixes a framework's build inlines into the client's bundle. */
  private static final Pattern PUBLIC_NAME =
      Pattern.compile(
          "\\b(?:NEXT_PUBLIC|VITE|REACT_APP|EXPO_PUBLIC|NUXT_PUBLIC|GATSBY|VUE_APP|PUBLIC)_"
              + "([A-Z0-9_]{1,100})");

  /** A shell variable's or a printenv's name. */
  private static final Pattern NAME = Pattern.compile("\\b([A-Z][A-Z0-9_]{2,100})\\b");

  /** The parts of a public variable's name that say it may be public. */
  private static final List<String> PUBLISHABLE =
      List.of(
          "PUBLISHABLE",
          "PUBLIC",
          "ANON",
          "SEARCH_ONLY",
          "SEARCH_KEY",
          "SITE_KEY",
          "CLIENT_ID",
          "MEASUREMENT",
          "DSN",
          "APP_ID");

  /** The parts of a name that only a secret's holder has. */
  private static final List<String> SECRET_ONLY =
      List.of(
          "SECRET",
          "ADMIN",
          "PRIVATE",
          "SERVICE_ROLE",
          "MANAGEMENT",
          "MASTER_KEY",
          "WRITE_KEY",
          "AUTH_TOKEN",
          "ACCESS_TOKEN");

  /** Values whose shape is a live secret's. */
  private static final List<String> SECRET_VALUES =
      List.of(
          "sk_live_",
          "rk_live_",
          "whsec_",
          "xoxb-",
          "xoxp-",
          "ghp_",
          "github_pat_",
          "sk-proj-",
          "sk-ant-",
          "AKIA");

  /**
   * The call predicate {@code public-secret}: what public variable a call gives a secret, or {@code
   * null}.
   */
  static String publicSecret(Scan scan) {
    CallForRules call = scan.call();
    if (call.tool().equals("edit") || call.tool().equals("write")) {
      String now = EditCalls.text(call.args(), "new_string", "new_str", "content", "file_text");
      if (now == null) {
        return null;
      }
      String file = EditCalls.text(call.args(), "path", "file_path");
      if (file != null && PatternLiterals.finds(BUNDLER_CONFIG, file)) {
        String old = EditCalls.text(call.args(), "old_string", "old_str");
        String inlined = inlined(now, old == null ? "" : old);
        if (inlined != null) {
          return inlined;
        }
      }
      return !namesPublic(now) ? null : publicAssignment(now);
    }
    String source = scan.source();
    if (source == null || !namesPublic(source)) {
      return null; // most calls: a few substring tests
    }
    String text = source.length() > 8192 ? source.substring(0, 8192) : source;
    Matcher name = PUBLIC_NAME.matcher(text);
    while (name.find()) {
      String before = text.substring(Math.max(0, name.start() - 24), name.start());
      boolean set =
          before.contains("env add")
              || before.contains("env:set")
              || before.contains("env set")
              || before.contains("secret put")
              || before.contains("secret set")
              || before.contains("variable set")
              || before.contains("secret:create")
              || name.end() < text.length() && text.charAt(name.end()) == '=';
      if (!set) {
        continue;
      }
      String rest = name.group(1);
      if (secretOnly(rest)) {
        return name.group();
      }
      if (containsAny(rest, PUBLISHABLE)) {
        continue;
      }
      Matcher other = NAME.matcher(text);
      other.region(statementStart(text, name.start()), statementEnd(text, name.end()));
      while (other.find()) {
        String n = other.group(1);
        if (!PatternLiterals.matches(PUBLIC_NAME, n) && secretName(n)) {
          return name.group() + " from " + n;
        }
      }
      String value = text.substring(name.end(), statementEnd(text, name.end()));
      for (String shape : SECRET_VALUES) {
        if (value.contains(shape)) {
          return name.group() + " set to a " + shape + "… value";
        }
      }
    }
    return null;
  }

  /** Where the statement holding {@code at} starts: after a {@code ;}, {@code &&}, {@code ||}. */
  private static int statementStart(String text, int at) {
    int start = 0;
    for (String stop : STATEMENT_ENDS) {
      int i = text.lastIndexOf(stop, at);
      start = i < 0 ? start : Math.max(start, i + stop.length());
    }
    return start;
  }

  /** Where the statement holding {@code at} ends: a pipe goes on, a list does not. */
  private static int statementEnd(String text, int at) {
    int end = text.length();
    for (String stop : STATEMENT_ENDS) {
      int i = text.indexOf(stop, at);
      end = i < 0 ? end : Math.min(end, i);
    }
    return end;
  }

  private static final List<String> STATEMENT_ENDS = List.of(";", "&&", "||", "\n");

  /** An edit's {@code NEXT_PUBLIC_X=value} lines given a secret. */
  private static String publicAssignment(String now) {
    String text = now.length() > 8192 ? now.substring(0, 8192) : now;
    Matcher name = PUBLIC_NAME.matcher(text);
    while (name.find()) {
      int end = name.end();
      while (end < text.length() && text.charAt(end) == ' ') {
        end++;
      }
      if (end >= text.length() || text.charAt(end) != '=' && text.charAt(end) != ':') {
        continue;
      }
      int eol = text.indexOf('\n', end);
      String value = text.substring(end + 1, eol < 0 ? text.length() : eol).trim();
      if (secretOnly(name.group(1)) && !value.isEmpty()) {
        return name.group();
      }
      for (String shape : SECRET_VALUES) {
        if (value.startsWith(shape) || value.startsWith("\"" + shape)) {
          return name.group() + " set to a " + shape + "… value";
        }
      }
      Matcher ref = NAME.matcher(value);
      boolean refers =
          value.contains("$") || value.contains("process.env.") || value.contains("import.meta");
      while (refers && ref.find()) {
        String n = ref.group(1);
        if (!PatternLiterals.matches(PUBLIC_NAME, n) && secretName(n)) {
          return name.group() + " from " + n;
        }
      }
    }
    return null;
  }

  /**
   * A bundler's or a framework's configuration, whose {@code env} and {@code define} it inlines.
   */
  private static final Pattern BUNDLER_CONFIG =
      Pattern.compile(
          "(?:^|/)(?:next|vite|nuxt|astro|svelte|webpack|rsbuild)\\.config\\.[a-z]{1,4}$");

  /** A variable read from the build's environment. */
  private static final Pattern ENV_READ =
      Pattern.compile("(?:process\\.env|import\\.meta\\.env)\\.([A-Z][A-Z0-9_]{2,100})");

  /**
   * What an edit of a bundler's configuration inlines into the client's bundle: every variable
   * ({@code envPrefix: ''}), or a secret one named in its {@code env} or {@code define}.
   */
  private static String inlined(String now, String old) {
    String text = now.length() > 8192 ? now.substring(0, 8192) : now;
    String flat = SiteSettings.normalised(text);
    if (flat.contains("envprefix:\"\"") || flat.contains("envprefix:[\"\"")) {
      return "envPrefix '' (every variable of the build's environment)";
    }
    if (!flat.contains("define:") && !flat.contains("env:") || flat.contains("server")) {
      return null;
    }
    Matcher read = ENV_READ.matcher(text);
    while (read.find()) {
      String n = read.group(1);
      if (!PatternLiterals.matches(PUBLIC_NAME, n) && secretName(n) && !old.contains(n)) {
        return n + " inlined into the client's bundle";
      }
    }
    return null;
  }

  /** Whether a text holds a public prefix at all, before any pattern is run over it. */
  private static boolean namesPublic(String text) {
    return text.contains("PUBLIC_")
        || text.contains("VITE_")
        || text.contains("REACT_APP_")
        || text.contains("GATSBY_")
        || text.contains("VUE_APP_");
  }

  /** A variable's name that says it holds a secret no browser may have. */
  private static boolean secretName(String name) {
    return (SecretNames.secret(name) || containsAny(name, SECRET_ONLY))
        && !containsAny(name, PUBLISHABLE);
  }

  private static boolean secretOnly(String name) {
    return containsAny(name, SECRET_ONLY) && !containsAny(name, PUBLISHABLE);
  }

  static boolean containsAny(String text, List<String> parts) {
    for (String part : parts) {
      if (text.contains(part)) {
        return true;
      }
    }
    return false;
  }
}
