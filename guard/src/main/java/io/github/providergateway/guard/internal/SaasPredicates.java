package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code saas} rules ask (issue 80, decision 101): the company's SaaS accounts
 * administered, and a setting changed there that breaks or exposes the live site. A write that
 * lowers the site's security ({@code lowers-site-security}: {@link SiteSettings}, read from curl's
 * URL and body, a CLI's raw request, an application's callbacks, an SDK's call); a SaaS CLI's verb
 * on production's object ({@code saas-production-object}: a {@code prod_} search index overwritten
 * or deleted, Contentful's {@code master} environment deleted, an SDK deleting a production index);
 * a SaaS CLI's write to production's content or routing ({@code saas-production-write}); a secret's
 * value given to a variable a build ships to every browser ({@code public-secret}: {@link
 * PublicVariables}); a browser extension's manifest given broad permissions ({@code
 * edit-extension-broadened}, {@code manifest-broadened}).
 */
final class SaasPredicates {
  private SaasPredicates() {}

  private static final Set<String> HTTP = NameSet.of("curl", "wget", "http", "https", "xh", "xhs");

  /** Adds each predicate of a program under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("lowers-site-security", (scan, step, read) -> lowers(scan, step) != null);
    named.put("saas-production-object", (scan, step, read) -> productionObject(step));
    named.put("manifest-broadened", (scan, step, read) -> manifestBroadened(step));
    named.put("saas-production-write", (scan, step, read) -> productionWrite(step));
  }

  /** Adds each predicate of the whole call under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("public-secret", PublicVariables::publicSecret);
    named.put("edit-extension-broadened", SaasPredicates::editBroadens);
  }

  // ---- settings that lower the site's security

  /** What the program's write lowers ({@link SiteSettings#lowered}), or {@code null}. */
  static String lowers(Scan scan, Step step) {
    String program = step.program();
    if (HTTP.contains(program)) {
      String method = ServiceCalls.method(program, step.args());
      if (method.equals("get") || method.equals("head")) {
        return null;
      }
      StringBuilder path = new StringBuilder();
      StringBuilder body = new StringBuilder();
      for (Word word : step.args()) {
        String written = word.written() != null ? word.written() : word.text();
        String t = word.text();
        boolean url = t.startsWith("http://") || t.startsWith("https://");
        String host = url ? Hosts.of(t) : null;
        url |= t.startsWith("$") && t.indexOf('/') > 0; // "$CF_API/zones/…": a URL computed
        if (host != null && ActsPredicates.local(host)) {
          return null; // this machine's service: a local emulator, a test server
        }
        (url || httpieUrl(program, written) ? path : body).append(written).append(' ');
      }
      return SiteSettings.lowered(
          path.toString().toLowerCase(Locale.ROOT), SiteSettings.normalised(body.toString()));
    }
    if (program.equals("auth0")
        && !step.args().isEmpty()
        && step.args().get(0).text().equals("apps")) {
      return auth0App(step);
    }
    if (SaasApis.PASSTHROUGH.contains(program)) {
      SaasApis.Api api = SaasApis.of(scan, step);
      if (api != null) {
        if (api.reads()) {
          return null;
        }
        String lowered = SiteSettings.lowered(api.path(), api.body());
        String source = scan.source();
        if (lowered == null
            && source != null
            && !api.body().contains("{")
            && !api.body().contains("[")) {
          // a body the command made before ($(cat /tmp/cb.json) after jq -n '{callbacks: …}')
          lowered = SiteSettings.lowered(api.path(), SiteSettings.normalised(source));
        }
        return lowered;
      }
      return ownCommand(step);
    }
    if (!step.interpreter()) {
      return null;
    }
    String code = InterpreterCode.of(step);
    if (code == null) {
      return null;
    }
    String body = SiteSettings.normalised(code);
    if (!(body.contains("patch(")
        || body.contains("put(")
        || body.contains("post(")
        || body.contains("update(")
        || body.contains("edit(")
        || body.contains("method:\"p"))) {
      return null;
    }
    String path = body.replace('.', '/').replace("edit(\"", "").replace("update(\"", "");
    return SiteSettings.lowered(path, body, false);
  }

  /**
   * A SaaS CLI's own command read as a request: its positionals as the path ({@code auth0
   * protection brute-force-protection update}), its {@code --enabled=false} as the body.
   */
  private static String ownCommand(Step step) {
    StringBuilder path = new StringBuilder();
    StringBuilder body = new StringBuilder();
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i).text().toLowerCase(Locale.ROOT);
      if (!a.startsWith("-")) {
        path.append('/').append(a);
        continue;
      }
      String value = a.contains("=") ? a.substring(a.indexOf('=') + 1) : "";
      if (value.isEmpty() && i + 1 < args.size()) {
        value = args.get(i + 1).text().toLowerCase(Locale.ROOT);
      }
      String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      if (name.equals("--enabled") && (value.equals("false") || value.equals("0"))
          || name.equals("--no-enabled")) {
        body.append("\"enabled\":false ");
      }
    }
    List<String> words = ActsPredicates.words(path.toString());
    String verb = words.isEmpty() ? "" : words.get(words.size() - 1);
    if (verb.equals("list") || verb.equals("show") || verb.equals("get") || verb.equals("ls")) {
      return null;
    }
    return SiteSettings.lowered(path.toString(), body.toString(), true);
  }

  /** httpie's URL, written without a scheme: {@code api.x.com/v1/…}, no item ({@code a=b}). */
  private static boolean httpieUrl(String program, String word) {
    int slash = word.indexOf('/');
    int dot = word.indexOf('.');
    return !program.equals("curl")
        && !program.equals("wget")
        && slash > 0
        && dot > 0
        && dot < slash
        && word.indexOf('=') < 0
        && (word.indexOf(':') < 0 || word.indexOf(':') > slash);
  }

  /** {@code auth0 apps update|create … --callbacks … --origins …}: the lists it sets. */
  private static String auth0App(Step step) {
    List<Word> args = step.args();
    if (args.size() < 3 || !args.get(0).text().equals("apps")) {
      return null;
    }
    StringBuilder lists = new StringBuilder();
    StringBuilder app = new StringBuilder();
    for (int i = 1; i < args.size(); i++) {
      String a = args.get(i).text().toLowerCase(Locale.ROOT);
      boolean list =
          a.startsWith("--callbacks")
              || a.startsWith("--origins")
              || a.startsWith("--web-origins")
              || a.startsWith("--logout-urls");
      if (list && a.contains("=")) {
        lists.append(a.substring(a.indexOf('=') + 1)).append(' ');
      } else if (list && i + 1 < args.size()) {
        lists.append(args.get(++i).text().toLowerCase(Locale.ROOT)).append(' ');
      } else {
        String written = args.get(i).written();
        app.append(written != null ? written : args.get(i).text()).append(' ');
      }
    }
    String named = app.toString();
    if (Environments.testName(named) && !Environments.namesProduction(named)) {
      return null; // a development tenant's or app's ($DEV_APP, --tenant acme-dev): its own
      // callbacks
    }
    return lists.isEmpty() ? null : SiteSettings.openRedirects(lists.toString());
  }

  // ---- production's objects in SaaS CLIs and SDKs

  /** An SDK's call that deletes or empties a search index it names. */
  private static final Pattern INDEX_DESTROYED =
      Pattern.compile(
          "(?:initindex|init_index|\\.index)\\(\\s*[\"'`]([^\"'`]{1,200})[\"'`]\\s*\\)\\s*\\."
              + "(?:delete|clearobjects|replaceallobjects|clearrules|clearsynonyms|delete_index"
              + "|clear_objects)\\s*\\("
              + "|(?:deleteindex|delete_index|clearobjects|clear_objects)\\(\\s*\\{?[^\"'`]{0,40}"
              + "[\"'`]([^\"'`]{1,200})[\"'`]");

  /**
   * A store named as a development or test one ({@code --store acme-dev.myshopify.com}): publishing
   * a theme there changes no shop's customers (the commerce family reads live stores, decision
   * 125).
   */
  private static boolean devStore(List<String> options) {
    int at = options.indexOf("--store");
    if (at < 0) {
      at = options.indexOf("-s");
    }
    if (at >= 0 && at + 1 < options.size()) {
      String store = options.get(at + 1);
      return !Environments.namesProduction(store) && Environments.testName(store);
    }
    for (String option : options) {
      if (option.startsWith("--store=")) {
        String store = option.substring("--store=".length());
        return !Environments.namesProduction(store) && Environments.testName(store);
      }
    }
    return false;
  }

  static boolean productionObject(Step step) {
    List<String> positionals = new java.util.ArrayList<>();
    List<String> options = new java.util.ArrayList<>();
    String program = step.program();
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      if (code == null) {
        return false;
      }
      String c = (code.length() > 8192 ? code.substring(0, 8192) : code).toLowerCase(Locale.ROOT);
      Matcher m = INDEX_DESTROYED.matcher(c);
      while (m.find()) {
        String index = m.group(1) != null ? m.group(1) : m.group(2);
        if (Environments.namesProduction(index)) {
          return true;
        }
      }
      return false;
    }
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i).text();
      if (a.startsWith("-")) {
        options.add(a.toLowerCase(Locale.ROOT));
        if (!a.contains("=")
            && i + 1 < args.size()
            && !args.get(i + 1).text().startsWith("-")
            && valued(program, a)) {
          options.add(args.get(++i).text().toLowerCase(Locale.ROOT));
        }
      } else {
        positionals.add(a.toLowerCase(Locale.ROOT));
      }
    }
    if (positionals.size() < 2) {
      return false;
    }
    String noun = positionals.get(0);
    String verb = positionals.get(1);
    return switch (program) {
      case "algolia" -> algolia(noun, verb, positionals, options);
      case "sanity" -> noun.equals("dataset") && sanity(verb, positionals, options);
      case "contentful" ->
          noun.equals("space")
              && (verb.equals("delete")
                  || verb.equals("environment")
                      && positionals.size() > 2
                      && positionals.get(2).equals("delete")
                      && productionEnvironment(options));
      case "shopify" ->
          noun.equals("theme")
              && !devStore(options)
              && (verb.equals("publish")
                  || verb.equals("push")
                      && (options.contains("--live") || options.contains("--allow-live"))
                      && !options.contains("--unpublished")
                      && !options.contains("-u")
                      && !options.contains("--development"));
      default -> false;
    };
  }

  /**
   * A SaaS CLI's write to production's content or routing, asked: Contentful's import or migration
   * into {@code master} (where no environment is named, too: master is the default), a Twilio
   * number's webhooks pointed at a host that is not this machine (its messages go there).
   */
  static boolean productionWrite(Step step) {
    List<Word> args = step.args();
    if (args.size() < 2) {
      return false;
    }
    String noun = args.get(0).text();
    String verb = args.get(1).text();
    if (step.program().equals("contentful")) {
      if (!noun.equals("space") || !verb.equals("import") && !verb.equals("migration")) {
        return false;
      }
      List<String> options = new java.util.ArrayList<>();
      for (Word word : args) {
        options.add(word.text().toLowerCase(Locale.ROOT));
      }
      return !options.contains("--environment-id")
              && !options.contains("-e")
              && options.stream().noneMatch(o -> o.startsWith("--environment-id="))
          || productionEnvironment(options);
    }
    if (!step.program().equals("twilio") || !noun.equals("phone-numbers:update")) {
      return false;
    }
    for (int i = 1; i + 1 < args.size(); i++) {
      String o = args.get(i).text();
      if (o.endsWith("-url") || o.endsWith("-callback")) {
        String host = Hosts.of(args.get(i + 1).text());
        if (host != null && !ActsPredicates.local(host)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether an option of the program takes the next word as its value. */
  private static boolean valued(String program, String option) {
    return switch (option) {
      case "--environment-id",
          "-e",
          "--space-id",
          "-s",
          "--store",
          "--theme",
          "-t",
          "--file",
          "-F",
          "--only",
          "-o",
          "--path",
          "--password",
          "--management-token" ->
          true;
      default -> false;
    };
  }

  /**
   * Sanity's {@code dataset delete <name>} of a dataset named for production, and its {@code
   * dataset import <file> <name> --replace} over one.
   */
  private static boolean sanity(String verb, List<String> positionals, List<String> options) {
    return switch (verb) {
      case "delete" -> positionals.size() > 2 && Environments.namesProduction(positionals.get(2));
      case "import" ->
          positionals.size() > 3
              && Environments.namesProduction(positionals.get(3))
              && options.contains("--replace");
      default -> false;
    };
  }

  /** Whether an index's name says it is a copy kept aside: {@code prod_products_backup}. */
  private static boolean keeps(String index) {
    return PublicVariables.containsAny(
        index.toUpperCase(Locale.ROOT), List.of("BACKUP", "BAK", "SNAPSHOT", "ARCHIVE", "COPY"));
  }

  /** Contentful's master environment, or one named for production. */
  private static boolean productionEnvironment(List<String> options) {
    for (int i = 0; i + 1 < options.size(); i++) {
      String o = options.get(i);
      if (o.equals("--environment-id") || o.equals("-e")) {
        String env = options.get(i + 1);
        return env.equals("master") || Environments.namesProduction(env);
      }
    }
    return false;
  }

  /**
   * Algolia's verbs that overwrite or empty an index, on one named for production: {@code indices
   * copy|move <from> <to>}, {@code indices delete|clear}, a rules' or synonyms' import that clears
   * the existing, {@code objects delete}.
   */
  private static boolean algolia(
      String noun, String verb, List<String> positionals, List<String> options) {
    if (positionals.size() < 3) {
      return false;
    }
    String index = positionals.get(2);
    String last = positionals.get(positionals.size() - 1);
    return switch (noun) {
      case "indices", "index" ->
          switch (verb) {
            case "copy", "cp" -> Environments.namesProduction(last) && !keeps(last);
            case "move", "mv" ->
                Environments.namesProduction(last) || Environments.namesProduction(index);
            case "delete", "clear", "rm" -> Environments.namesProduction(index);
            default -> false;
          };
      case "rules", "synonyms" ->
          Environments.namesProduction(index) && (verb.equals("delete") || verb.equals("clear"))
              || verb.equals("import")
                  && Environments.namesProduction(index)
                  && (options.contains("--clear-existing-rules")
                      || options.contains("--clear-existing-synonyms")
                      || options.contains("--replace-existing-synonyms")
                      || options.contains("-c")
                      || options.contains("-r"));
      case "objects" -> verb.equals("delete") && Environments.namesProduction(index);
      default -> false;
    };
  }

  // ---- a browser extension's manifest broadened

  /** The permissions that reach every site or the browser's private state. */
  private static final List<String> BROAD =
      List.of(
          "<all_urls>",
          "*://*/*",
          "http://*/*",
          "https://*/*",
          "\"cookies\"",
          "\"history\"",
          "\"webrequest\"",
          "\"webrequestblocking\"",
          "\"debugger\"",
          "\"nativemessaging\"",
          "\"management\"",
          "\"proxy\"",
          "\"clipboardread\"",
          "unsafe-eval");

  private static boolean manifestBroadened(Step step) {
    boolean manifest = false;
    String broad = null;
    for (Word word : step.args()) {
      String t = word.text().toLowerCase(Locale.ROOT);
      manifest |= t.endsWith("manifest.json");
      if (broad == null) {
        broad = broadIn(SiteSettings.normalised(word.text()), "");
      }
    }
    return manifest && broad != null;
  }

  private static String editBroadens(Scan scan) {
    CallForRules call = scan.call();
    if (!call.tool().equals("edit") && !call.tool().equals("write")) {
      return null;
    }
    String path = EditCalls.text(call.args(), "path", "file_path");
    if (path == null || !path.toLowerCase(Locale.ROOT).endsWith("manifest.json")) {
      return null;
    }
    String now = EditCalls.text(call.args(), "new_string", "new_str", "content", "file_text");
    String old = EditCalls.text(call.args(), "old_string", "old_str");
    if (now == null) {
      return null;
    }
    String broad =
        broadIn(SiteSettings.normalised(now), old == null ? "" : SiteSettings.normalised(old));
    return broad == null ? null : path + " given " + broad;
  }

  /** The first broad permission of {@code now} that {@code old} did not hold. */
  private static String broadIn(String now, String old) {
    for (String permission : BROAD) {
      if (now.contains(permission) && !old.contains(permission)) {
        return permission;
      }
    }
    return null;
  }
}
