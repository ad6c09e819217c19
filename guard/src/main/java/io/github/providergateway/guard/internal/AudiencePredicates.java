package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Map;
import java.util.Set;

/**
 * The people a marketing platform mails, and what their consent allows (decision 103): a mailing
 * platform's consent records erased or lifted by a marketing SDK, the unsubscribed subscribed
 * again, people who never opted in imported, e-mail addresses harvested from another site's pages,
 * and customers' data handed to a model's API ({@code acts.data-export}'s, decision 93).
 */
final class AudiencePredicates {
  private AudiencePredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "code-gives-personal-data-to-ai",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null && givesPersonalDataToAi(code);
        });
    named.put("scrapes-addresses", AudiencePredicates::harvestsAddresses);
    named.put(
        "code-erases-consent-records",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null && erasesConsentRecords(code);
        });
    named.put("resubscribes-the-unsubscribed", AudiencePredicates::resubscribes);
    named.put("imports-unconsented-contacts", AudiencePredicates::importsUnconsented);
  }

  /** A model provider's SDK or API called in code. */
  private static final String[] AI_CALLS = {
    "openai",
    "anthropic",
    "chat.completions",
    "messages.create",
    "generate_content",
    "generativeai",
    "google.genai",
    "mistralai",
    "cohere.",
    "groq",
    "responses.create",
    "api.openai.com",
    "api.anthropic.com",
    "generativelanguage.googleapis.com",
    "bedrock-runtime",
    "litellm",
    "together.ai",
    "api.together",
    "replicate."
  };

  /** A model served on this machine: handing it data keeps the data here. */
  private static final String[] LOCAL_MODEL = {
    "localhost", "127.0.0.1", "ollama", "base_url=\"http://0", "lmstudio"
  };

  /**
   * Inline code that reads a file of people's data ({@code exports/customers_full.csv}) and calls a
   * model provider's API with it ({@code OpenAI().chat.completions.create}): customers' data handed
   * to a processor no one contracted (decision 93's data export).
   */
  static boolean givesPersonalDataToAi(String code) {
    String lower = PlatformPredicates.lowered(code);
    if (!CodeArguments.containsAny(lower, AI_CALLS)
        || CodeArguments.containsAny(lower, LOCAL_MODEL)) {
      return false;
    }
    for (String reader :
        new String[] {"open(", "read_csv(", "readfilesync(", "readfile(", "file.read("}) {
      for (int at = lower.indexOf(reader); at >= 0; at = lower.indexOf(reader, at + 1)) {
        int end = Math.min(lower.length(), at + reader.length() + 200);
        int close = lower.indexOf(')', at);
        String path =
            lower.substring(at + reader.length(), close > at ? Math.min(close, end) : end);
        if (PersonalData.names(path)) {
          return true;
        }
      }
    }
    return false;
  }

  // -- addresses harvested -------------------------------------------------------------------

  /** An e-mail address's pattern: a character class or repetition, then {@code @}, then another. */
  private static final java.util.regex.Pattern ADDRESS_PATTERN =
      java.util.regex.Pattern.compile("[\\]+*)]\\s{0,2}@\\s{0,2}[\\[(\\\\]");

  /** Programs that fetch pages from another machine. */
  private static final Set<String> FETCHERS =
      NameSet.of("wget", "curl", "httrack", "lynx", "w3m", "aria2c", "wget2", "http", "xh");

  /**
   * Whether the program pulls e-mail addresses out of pages fetched from another machine: a grep of
   * an address's pattern in a command that also fetches pages ({@code wget -r … && grep -rhoE
   * '[A-Za-z0-9._%+-]+@…'}), or inline code that requests pages and finds addresses in them ({@code
   * re.findall(r"[\w.+-]+@[\w-]+…", requests.get(…).text)}). A grep of the project's own files or
   * logs fetches nothing.
   */
  static boolean harvestsAddresses(Scan scan, Step step, Where.Read read) {
    String program = step.program();
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      if (code == null) {
        return false;
      }
      String lower = PlatformPredicates.lowered(code);
      return (lower.contains("requests.get(")
              || lower.contains("urlopen(")
              || lower.contains("fetch(")
              || lower.contains("httpx.get(")
              || lower.contains("session.get("))
          && Hosts.firstElsewhere(lower) != null
          && (PatternLiterals.finds(ADDRESS_PATTERN, lower) || lower.contains("mailto:"));
    }
    if (!program.equals("grep")
        && !program.equals("egrep")
        && !program.equals("rg")
        && !program.equals("ggrep")) {
      return false;
    }
    boolean pattern = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.length() < 1024
          && (PatternLiterals.finds(ADDRESS_PATTERN, t) || t.contains("mailto:"))) {
        pattern = true;
        break;
      }
    }
    if (!pattern) {
      return false;
    }
    for (Step other : scan.steps()) {
      if (other != step && FETCHERS.contains(other.program())) {
        for (Word word : other.args()) {
          String t = word.text();
          if ((t.startsWith("http://") || t.startsWith("https://"))
              && Hosts.of(t) != null
              && !Environments.localHost(Hosts.of(t))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  // -- consent records -------------------------------------------------------------------------

  /**
   * A marketing platform's SDK method that erases or lifts a consent record: a member deleted for
   * good (Mailchimp's archive keeps the opt-out, its permanent delete does not), a suppression,
   * bounce or unsubscribe removed (SendGrid, Klaviyo, Braze, Customer.io).
   */
  private static final String[] CONSENT_ERASERS = {
    "delete_list_member_permanent",
    "deletelistmemberpermanent",
    "suppressions.delete",
    "suppression.delete",
    "unsubscribes.delete",
    "bounces.delete",
    "spam_reports.delete",
    "delete_suppression",
    "remove_suppression",
    "deletesuppression",
    "removesuppression",
    "unsuppress",
    "global_._(",
    "delete_global_suppression",
    "bounce/remove",
    "spam/remove"
  };

  /** Whether inline code erases or lifts a marketing platform's consent records. */
  static boolean erasesConsentRecords(String code) {
    String lower = PlatformPredicates.lowered(code);
    if (!CodeArguments.containsAny(lower, CONSENT_ERASERS)) {
      return false;
    }
    // global_._(email).delete(): SendGrid's own spelling of a suppression removed
    return !lower.contains("global_._(") || lower.contains(".delete(");
  }

  /** A status written back to subscribed. */
  private static final java.util.regex.Pattern SUBSCRIBED =
      java.util.regex.Pattern.compile(
          "status[\"']?\\s{0,3}[:=]\\s{0,3}[\"']subscribed[\"']"
              + "|subscri(?:be|ption)[a-z_-]{0,30}(?:bulk|create|jobs)|bulk_subscribe|subscribe_profiles");

  /**
   * Whether the program subscribes again people who unsubscribed: code or a request that reads the
   * unsubscribed (a member list filtered to them, an export of them) and writes a subscribed status
   * or a subscription job: their withdrawn consent overridden.
   */
  static boolean resubscribes(Scan scan, Step step, Where.Read read) {
    String lower = request(step, false);
    return lower != null
        && lower.contains("unsubscribed")
        && PatternLiterals.finds(SUBSCRIBED, lower);
  }

  /**
   * What the program sends, lower case and read so far only: its inline code, or an HTTP client's
   * words ({@code null} for a client's read when {@code writesOnly}); {@code null} for another
   * program.
   */
  private static String request(Step step, boolean writesOnly) {
    String text;
    if (step.interpreter()) {
      text = InterpreterCode.of(step);
    } else if (httpClient(step.program())) {
      String method = ServiceCalls.method(step.program(), step.args());
      if (writesOnly
          && (method.equals("get") || method.equals("head") || method.equals("options"))) {
        return null; // a read
      }
      StringBuilder words = new StringBuilder();
      for (Word word : step.args()) {
        words.append(word.text()).append(' ');
        if (words.length() > PlatformPredicates.MAX_READ) {
          break;
        }
      }
      text = words.toString();
    } else {
      return null;
    }
    if (text == null) {
      return null;
    }
    return PlatformPredicates.lowered(text);
  }

  private static boolean httpClient(String program) {
    return switch (program) {
      case "curl", "wget", "http", "https", "xh", "curlie" -> true;
      default -> false;
    };
  }

  // -- contacts without consent ----------------------------------------------------------------

  /** What a list's file is called when its people never opted in. */
  private static final String[] UNCONSENTED = {
    "scraped",
    "scrape",
    "purchased",
    "bought",
    "cold_leads",
    "cold-leads",
    "coldleads",
    "harvested",
    "rented_list",
    "leadlist_purchased"
  };

  /** What inline code calls to send a list. */
  private static final String[] CODE_SENDS = {
    ".post(", ".put(", ".patch(", "method", "create", "import", "add_", "upsert"
  };

  /** What a marketing platform calls the people it mails. */
  private static final String[] AUDIENCE = {
    "contacts", "members", "subscribers", "/lists", "profiles", "audience", "recipients", "/imports"
  };

  /**
   * Whether a request or inline code adds people from a list whose name says they never opted in
   * ({@code --data @/tmp/scraped_leads.json}, {@code data/cold_leads.txt}) to a platform's
   * contacts, members, subscribers or audience.
   */
  static boolean importsUnconsented(Scan scan, Step step, Where.Read read) {
    String lower = request(step, true);
    if (lower == null || step.interpreter() && !CodeArguments.containsAny(lower, CODE_SENDS)) {
      return false;
    }
    return CodeArguments.containsAny(lower, UNCONSENTED)
        && CodeArguments.containsAny(lower, AUDIENCE)
        && Hosts.firstElsewhere(lower) != null;
  }
}
