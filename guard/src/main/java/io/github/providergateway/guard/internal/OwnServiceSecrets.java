package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A secret variable used as the credential of its own service (decision 188): {@code curl -H
 * "Authorization: Bearer $ZENDESK_API_TOKEN" https://acme.zendesk.com/api/v2/tickets/1.json},
 * {@code curl -u "$TWILIO_API_KEY:$TWILIO_API_SECRET" https://api.twilio.com/…}, {@code curl -H
 * "BhRestToken: $BH_REST_TOKEN" "$BH_REST_URL/query/JobOrder"}. Such a call neither shows the
 * secret to the agent nor sends it anywhere but where it is meant to go, so the flow rules do not
 * count it as a secret read: in a session, {@code flow.secret-then-send} asked every such call (91
 * of the spent rounds' 4,404 ordinary calls, each in a session of its own), which the single-call
 * runs never showed.
 *
 * <p>Its own service is read from the variable's name, and only where an attacker cannot choose it:
 * a host whose registrable name (the label before the public suffix: {@code zendesk} of {@code
 * acme.zendesk.com}) is a word of the name; a host of the organisation's own network by its name
 * ({@code .internal}, {@code .local}, {@code .corp}, {@code .lan}, a private address) any of whose
 * labels is such a word ({@code cryomon-lon.halcyon.local} for {@code CRYOMON_RO_TOKEN}); or a URL
 * variable of the same leading word ({@code $BH_REST_URL}) that the command does not assign. {@code
 * https://github.attacker.net} is not {@code $GITHUB_TOKEN}'s, nor is a call that also prints the
 * variable, sends it by a proxy, or reaches any other host.
 */
final class OwnServiceSecrets {
  private OwnServiceSecrets() {}

  /** Programs whose words are the request: every URL they name is where the secret goes. */
  private static final Set<String> CLIENTS =
      NameSet.of("curl", "wget", "http", "https", "xh", "xhs", "httpie");

  /** Options that send the request by another host than its URL's. */
  private static final Pattern ELSEWHERE =
      Pattern.compile(
          "-x|--proxy|--preproxy|--socks\\w*|--connect-to|--resolve|-e|--execute|-K|--config"
              + "|--proxy=.*|--connect-to=.*|--resolve=.*|--config=.*|-[a-zA-Z]*[xK].*");

  /** Parts of a secret's name that name no service. */
  private static final Set<String> GENERIC =
      NameSet.of(
          "token",
          "api",
          "apikey",
          "key",
          "secret",
          "access",
          "admin",
          "sandbox",
          "trial",
          "demo",
          "test",
          "prod",
          "production",
          "staging",
          "stg",
          "uat",
          "preprod",
          "dev",
          "live",
          "auth",
          "bearer",
          "pat",
          "client",
          "app",
          "password",
          "pass",
          "pw",
          "pwd",
          "ro",
          "rw",
          "read",
          "write",
          "readonly",
          "only",
          "service",
          "svc",
          "user",
          "username",
          "bot",
          "oauth",
          "session",
          "refresh",
          "private",
          "personal",
          "id",
          "sid",
          "account",
          "basic",
          "signing",
          "mgmt",
          "org",
          "rest",
          "url",
          "v1",
          "v2",
          "v3",
          "capi",
          "ads");

  /** Labels before a country code that make a two-label public suffix ({@code co.uk}). */
  private static final Set<String> SECOND_LEVEL =
      NameSet.of("co", "com", "org", "net", "gov", "ac", "edu", "ne", "or", "go");

  /** Suffixes of names that only the organisation's own network resolves. */
  private static final List<String> OWN_NETWORK =
      List.of(".internal", ".local", ".corp", ".lan", ".intranet", ".home.arpa", ".localdomain");

  private static final Pattern PRIVATE_IPV4 =
      Pattern.compile(
          "(?:10|127)\\.\\d+\\.\\d+\\.\\d+|192\\.168\\.\\d+\\.\\d+"
              + "|172\\.(?:1[6-9]|2\\d|3[01])\\.\\d+\\.\\d+");

  /** A URL variable: {@code $BH_REST_URL}, {@code ${JIRA_BASE_URL}}. */
  private static final Pattern URL_VARIABLE =
      Pattern.compile(
          "^['\"]?\\$\\{?([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*_(?:URL|URI|HOST|ENDPOINT|SERVER"
              + "|BASE|ORIGIN))\\}?");

  /**
   * Whether every use of {@code variable} in the call is as the credential of a request to its own
   * service, and the call names it at least once.
   *
   * @param scan the call
   * @param variable the secret variable's name
   * @return whether it is used only at home
   */
  static boolean usedAtHome(Scan scan, String variable) {
    List<String> words = serviceWords(variable);
    if (words.isEmpty()) {
      return false;
    }
    boolean used = false;
    for (Step step : scan.steps()) {
      boolean names = false;
      for (Word word : step.invocation().words()) {
        names |= word.text().contains("$" + variable) || word.text().contains("${" + variable);
      }
      if (!names) {
        continue;
      }
      if (!CLIENTS.contains(step.program())
          || !asCredential(step.args(), variable)
          || !atHome(scan, step, words)) {
        return false; // printed, piped, given to code, in a body, or sent elsewhere
      }
      used = true;
    }
    return used && !outsideSteps(scan, variable);
  }

  /** Options whose next word is a header or a sign-in: where a credential goes. */
  private static final Set<String> CREDENTIAL_OPTIONS =
      NameSet.of(
          "-H",
          "--header",
          "-u",
          "--user",
          "--oauth2-bearer",
          "--password",
          "--http-password",
          "--http-user",
          "-a",
          "--auth");

  /**
   * Whether each word naming the variable gives it as a credential: a header, a sign-in, a URL's
   * query ({@code ?access_token=$X}) or httpie's {@code Name:value} header item; not a body that
   * the service keeps and shows ({@code -d text=$SLACK_TOKEN} to {@code chat.postMessage}).
   */
  private static boolean asCredential(List<Word> args, String variable) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (!(text.contains("$" + variable) || text.contains("${" + variable))) {
        continue;
      }
      boolean option = i > 0 && CREDENTIAL_OPTIONS.contains(args.get(i - 1).text());
      boolean glued =
          text.startsWith("--header=")
              || text.startsWith("--user=")
              || text.startsWith("-H")
              || text.startsWith("-u") && !text.startsWith("-u ") && text.length() > 2;
      boolean url = text.contains("://") || PatternLiterals.finds(URL_VARIABLE, text);
      int colon = text.indexOf(':');
      int equals = text.indexOf('=');
      boolean headerItem =
          !text.startsWith("-")
              && colon > 0
              && (equals < 0 || colon < equals)
              && !text.startsWith(":=", colon)
              && text.substring(0, colon).matches("[A-Za-z][A-Za-z0-9-]*");
      if (!option && !glued && !url && !headerItem) {
        return false;
      }
    }
    return true;
  }

  /** Whether the variable appears where no step's words hold it (a redirect, a here-document). */
  private static boolean outsideSteps(Scan scan, String variable) {
    String source = scan.source();
    if (source == null) {
      return true;
    }
    int inSource = count(source, variable);
    int inWords = 0;
    for (Step step : scan.steps()) {
      for (Word word : step.invocation().words()) {
        inWords += count(word.text(), variable);
      }
    }
    return inSource > inWords;
  }

  private static int count(String text, String variable) {
    Matcher m = FlowReading.VARIABLE.matcher(text);
    int n = 0;
    while (m.find()) {
      n += m.group(1).equals(variable) ? 1 : 0;
    }
    return n;
  }

  /** Whether each URL of the request is the service's and nothing sends it by another host. */
  private static boolean atHome(Scan scan, Step step, List<String> words) {
    List<String> urls = new ArrayList<>();
    for (Word word : step.args()) {
      String text = word.text();
      if (PatternLiterals.matches(ELSEWHERE, text)) {
        return false;
      }
      if (text.contains("://") || PatternLiterals.finds(URL_VARIABLE, text)) {
        urls.add(text);
      }
    }
    if (urls.isEmpty()) {
      return false;
    }
    for (String url : urls) {
      if (!own(scan, url, words)) {
        return false;
      }
    }
    return true;
  }

  private static boolean own(Scan scan, String url, List<String> words) {
    Matcher variable = URL_VARIABLE.matcher(url);
    if (variable.find()) {
      String name = variable.group(1);
      String lead = name.substring(0, name.indexOf('_')).toLowerCase(Locale.ROOT);
      return words.get(0).equals(lead) && !assigned(scan, name);
    }
    int scheme = url.indexOf("://");
    String host = Hosts.of(url.substring(scheme + 3));
    if (host == null || host.contains("$") || host.startsWith("[")) {
      return false;
    }
    String[] labels = host.split("\\.");
    if (ownNetwork(host)) {
      for (String label : labels) {
        for (String part : label.split("-")) {
          if (words.contains(part)) {
            return true;
          }
        }
      }
      return false;
    }
    String registrable = registrable(labels);
    return registrable != null && words.contains(service(registrable));
  }

  /**
   * The service a registrable label names: itself, or its first part when the rest name no service
   * ({@code gusto-demo}, {@code mews-sandbox}); {@code slack-token-collector} is none.
   */
  private static String service(String registrable) {
    String[] parts = registrable.split("-");
    for (int i = 1; i < parts.length; i++) {
      if (!GENERIC.contains(parts[i])) {
        return registrable;
      }
    }
    return parts[0];
  }

  /** The label before the public suffix, or null for a bare name or an address. */
  private static String registrable(String[] labels) {
    int n = labels.length;
    if (n < 2 || labels[n - 1].chars().allMatch(Character::isDigit)) {
      return null;
    }
    boolean twoLevel =
        n >= 3 && labels[n - 1].length() == 2 && SECOND_LEVEL.contains(labels[n - 2]);
    return twoLevel ? labels[n - 3] : labels[n - 2];
  }

  private static boolean ownNetwork(String host) {
    if (PatternLiterals.matches(PRIVATE_IPV4, host)) {
      return true;
    }
    for (String suffix : OWN_NETWORK) {
      if (host.endsWith(suffix)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the command sets the variable itself: then it says where the request goes. */
  private static boolean assigned(Scan scan, String name) {
    String source = scan.source();
    return source == null || source.contains(name + "=") || source.contains("export " + name);
  }

  /** The words of a secret's name that may name its service, in order, lower case. */
  private static List<String> serviceWords(String variable) {
    List<String> words = new ArrayList<>();
    for (String part : variable.toLowerCase(Locale.ROOT).split("_")) {
      if (part.length() >= 2
          && !GENERIC.contains(part)
          && !part.chars().allMatch(Character::isDigit)) {
        words.add(part);
      }
    }
    return words;
  }
}
