package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Regulated data ({@link RegulatedData}) handed to those who should not read it (decision 107):
 * others let in by an ACL or a mode, an AI vendor's or a cloud's text service, a mail, a printer,
 * and identifying health details in a request's URL or body or in a web search.
 */
final class RegulatedSinks {
  private RegulatedSinks() {}

  /** An AI vendor's API, in code or a script's options. */
  static final Pattern MODEL_API =
      Pattern.compile(
          "(?i)\\bopenai\\b|\\banthropic\\b|chat\\.completions|messages\\.create|responses\\.create"
              + "|generativeai|genai\\.|generate_content|\\bcohere\\b|mistralai|\\bgroq\\b|invoke_model"
              + "|bedrock|together\\.ai|api\\.openai\\.com|api\\.anthropic\\.com|litellm|\\bgemini\\b"
              + "|replicate|huggingface_hub|InferenceClient|deepseek|perplexity");

  /** A model's or a provider's name given a script as an option's value. */
  static final Pattern MODEL_NAME =
      Pattern.compile(
          "(?i)^(?:openai|anthropic|claude[\\w.-]{0,40}|gpt-?[\\w.-]{0,40}|o[134](?:-mini)?|gemini"
              + "[\\w.-]{0,40}|mistral[\\w.-]{0,40}|cohere|groq|bedrock|azure-openai|vertex|deepseek"
              + "[\\w.-]{0,40}|together)$");

  /**
   * Inline code that opens a file's mode to others: {@code os.chmod(p, 0o644)}, {@code S_IROTH}.
   */
  private static final Pattern CODE_OPENS =
      Pattern.compile(
          "(?is)chmod(?:Sync)?\\s{0,3}\\(.{0,300}?(?:\\b0o?[0-7]?[0-7]{2}[4-7]\\b|S_IROTH|S_IRWXO)");

  /** Identifying text in a URL's query: an MRN, an SSN, a birth date, a patient and a diagnosis. */
  private static final Pattern QUERY_IDENTIFIES =
      Pattern.compile(
          "(?i)\\bmrn\\W{0,3}\\d{4,}|\\bssn\\W{0,3}\\d|\\b\\d{3}-\\d{2}-\\d{4}\\b|\\b(?:dob|date of"
              + " birth)\\W{0,3}\\d|\\bmedical record (?:number|no)\\W{0,3}\\d");

  private static final Pattern PATIENT = Pattern.compile("(?i)\\bpatient\\b|\\bpt\\b|\\bmrn\\b");
  static final Pattern DIAGNOSIS =
      Pattern.compile(
          "(?i)\\bhiv\\b|\\baids\\b|cancer|malignan|carcinoma|tumou?r|diagnos|positive|diabet"
              + "|hepatitis|pregnan|overdose|psychiatr|schizo|bipolar|depress|biopsy|chemo|opioid"
              + "|suicid|std\\b|syphilis|dementia|alzheimer");

  /** The options of an HTTP client that carry a request's body. */
  private static final Set<String> BODY_OPTIONS =
      NameSet.of(
          "-d",
          "--data",
          "--data-raw",
          "--data-binary",
          "--data-urlencode",
          "--json",
          "-F",
          "--form",
          "--body-data",
          "--post-data");

  /** The personal mail domains: a mail to one leaves the organisation. */
  private static final Pattern PERSONAL_MAIL =
      Pattern.compile(
          "(?i)@(?:gmail|googlemail|yahoo|ymail|hotmail|outlook|live|msn|icloud|me|mac|aol|proton"
              + "|protonmail|pm|gmx|mail|yandex|zoho|tutanota|fastmail|hey)\\.[a-z.]{2,10}\\b");

  /** The mail programs and the options that attach a file. */
  private static final Map<String, Set<String>> MAIL_ATTACH =
      Map.ofEntries(
          Map.entry("mutt", Set.of("-a")),
          Map.entry("neomutt", Set.of("-a")),
          Map.entry("mail", Set.of("-A", "-a", "--attach")),
          Map.entry("mailx", Set.of("-A", "-a", "--attach")),
          Map.entry("s-nail", Set.of("-a", "--attach")),
          Map.entry("bsd-mailx", Set.of("-A", "-a")),
          Map.entry("swaks", Set.of("--attach", "--attach-name")),
          Map.entry("sendemail", Set.of("-a")),
          Map.entry("mpack", Set.of()),
          Map.entry("aerc", Set.of("-a")));

  /** Inline code that mails. */
  private static final Pattern CODE_MAILS =
      Pattern.compile(
          "(?i)smtplib|yagmail|sendgrid|send_raw_email|send_email|nodemailer|mailgun|postmark"
              + "|EmailMessage|MIMEBase|add_attachment|attachments?\\s{0,3}[:=]");

  /** The AI vendors' command lines: what they are handed goes to the vendor. */
  private static final Set<String> MODEL_CLIS =
      NameSet.of("llm", "aichat", "sgpt", "chatgpt", "gemini", "openai", "mods", "fabric", "tgpt");

  /** A model vendor's key assigned in a command. */
  private static final Pattern VENDOR_KEY =
      Pattern.compile(
          "\\b(?:OPENAI|ANTHROPIC|GEMINI|GOOGLE_GENAI|MISTRAL|COHERE|GROQ|DEEPSEEK|TOGETHER)_API_KEY=");

  /** The cloud services that read text: translation, NLP, transcription. */
  private static final Set<String> TEXT_SERVICES =
      NameSet.of(
          "translate",
          "comprehend",
          "comprehendmedical",
          "textract",
          "transcribe",
          "bedrock-runtime",
          "healthlake");

  static boolean opened(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (program.equals("setfacl")) {
      boolean grants = false;
      boolean marked = false;
      for (Word word : args) {
        String text = word.text();
        if (text.matches(
            "(?i)(?:d(?:efault)?:)?(?:u(?:ser)?:[^:,\\s]{1,64}|g(?:roup)?:[^:,\\s]{1,64}"
                + "|o(?:ther)?:):[rwxX-]{0,4}r[rwxX-]{0,3}(?:,.*)?")) {
          grants = true;
        } else if (RegulatedData.marks(text)) {
          marked = true;
        }
      }
      return grants && marked;
    }
    if (program.equals("chmod")) {
      boolean grants = false;
      boolean marked = false;
      for (Word word : args) {
        String text = word.text();
        if (text.matches("0?[0-7]?[0-7]{2}[4-7]")
            || text.matches(
                "(?:[ugoa]*[-+=][rwxXst]*,)*(?:[oa]*[+=][rwxXst]*r[rwxXst]*|[+=]r[rwxXst]*)"
                    + "(?:,[ugoa]*[-+=][rwxXst]*)*")) {
          grants = true;
        } else if (!text.startsWith("-") && RegulatedData.marks(text)) {
          marked = true;
        }
      }
      return grants && marked;
    }
    if (!step.interpreter()) {
      return false;
    }
    String code = RegulatedData.code(step);
    if (code == null) {
      return false;
    }
    return PatternLiterals.finds(CODE_OPENS, code) && RegulatedData.namesRegulated(code);
  }

  static boolean toModel(Scan scan, Step step) {
    if (MODEL_CLIS.contains(step.program())) {
      // What it is handed: its words, its input file, or what the command's programs before it read
      for (Step before : scan.steps()) {
        for (Word word : before.args()) {
          if (!word.text().startsWith("-") && RegulatedData.marks(word.text())) {
            return true;
          }
        }
        if (before == step) {
          break;
        }
      }
      for (var redirect : step.invocation().redirects()) {
        if (!redirect.writes()
            && redirect.target() != null
            && RegulatedData.marks(redirect.target().text())) {
          return true;
        }
      }
      return false;
    }
    if (step.interpreter()) {
      String code = RegulatedData.code(step);
      if (code != null) {
        return PatternLiterals.finds(MODEL_API, code)
            && !RegulatedData.LOCAL_MODEL.matcher(code).find()
            && RegulatedData.namesRegulated(code);
      }
    } else if (!Set.of("bash", "sh", "Rscript", "uv", "poetry", "pipenv", "julia", "deno", "bun")
        .contains(step.program())) {
      return false;
    }
    // A script handed the data and a vendor's model: summarize.py --input notes.csv --provider
    // openai
    // A vendor's key handed the script: OPENAI_API_KEY=… python3 summarize.py
    String source = scan.source();
    boolean vendor =
        source != null
            && source.length() <= RegulatedData.MAX_TEXT
            && PatternLiterals.finds(VENDOR_KEY, source);
    boolean marked = false;
    for (Word word : step.args()) {
      String text = word.text();
      int equals = text.indexOf('=');
      String value = text.startsWith("--") && equals > 0 ? text.substring(equals + 1) : text;
      if (PatternLiterals.matches(MODEL_NAME, value)) {
        vendor = true;
      } else if (!text.startsWith("-") && RegulatedData.marks(value)) {
        marked = true;
      } else if (text.startsWith("--") && equals > 0 && RegulatedData.marks(value)) {
        marked = true;
      }
    }
    return vendor && marked;
  }

  static boolean mailed(Scan scan, Step step) {
    if (MAIL_ATTACH.containsKey(step.program())) {
      // uuencode patients.csv patients.csv | mail …: what the programs before it read
      for (Step before : scan.steps()) {
        if (before == step) {
          break;
        }
        if (Set.of("uuencode", "base64", "cat", "gzip", "zip", "tar").contains(before.program())) {
          for (Word word : before.args()) {
            if (!word.text().startsWith("-") && RegulatedData.marks(word.text())) {
              return true;
            }
          }
        }
      }
    }
    if (step.interpreter()) {
      String code = RegulatedData.code(step);
      if (code == null) {
        return false;
      }
      return PatternLiterals.finds(CODE_MAILS, code) && RegulatedData.namesRegulated(code);
    }
    Set<String> attach = MAIL_ATTACH.get(step.program());
    if (attach == null) {
      return false;
    }
    List<Word> args = step.args();
    List<String> files = new ArrayList<>();
    boolean personal = false;
    boolean mutt = step.program().endsWith("mutt");
    boolean attaching = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (PatternLiterals.finds(PERSONAL_MAIL, text)) {
        personal = true;
      }
      if (step.program().equals("mpack") && !text.startsWith("-")) {
        files.add(text);
      } else if (text.equals("--")) {
        attaching = false;
      } else if (attach.contains(text) && i + 1 < args.size()) {
        files.add(args.get(++i).text());
        attaching = mutt; // mutt -a takes every file up to --
      } else if (attaching && !text.startsWith("-")) {
        files.add(text);
      } else {
        attaching = false;
      }
    }
    for (String file : files) {
      if (RegulatedData.marks(file) || personal && RegulatedData.DATA_END.matcher(file).matches()) {
        return true;
      }
    }
    return false;
  }

  static boolean printed(Step step) {
    String program = step.program();
    if (!Set.of("lp", "lpr", "enscript", "a2ps").contains(program)) {
      return false;
    }
    for (Word word : step.args()) {
      if (!word.text().startsWith("-") && RegulatedData.marks(word.text())) {
        return true;
      }
    }
    return false;
  }

  /** The programs whose words are read for a URL: made once, not once a program of a call. */
  private static final Set<String> URL_PROGRAMS =
      NameSet.of("curl", "wget", "http", "https", "xh", "lynx", "w3m", "open", "xdg-open");

  /** Whether a URL the call requests carries identifying health text in its query. */
  static String inUrl(Scan scan) {
    List<String> urls = new ArrayList<>();
    if (scan.source() == null) {
      JsonNode args = scan.call().args();
      if (args == null) {
        return null;
      }
      String url = args.path("url").asText("");
      if (!url.isEmpty()) {
        urls.add(url);
      }
      String query = args.path("query").asText("");
      if (!query.isEmpty()
          && identifies(query.length() > 8192 ? query.substring(0, 8192) : query)) {
        return "health details in a web search"; // WebSearch: the query goes to a search engine
      }
      String person = query.isEmpty() ? null : IdentifiedInText.inSearch(query);
      if (person == null && LeakPredicates.sends(scan.call().tool())) {
        person = IdentifiedInText.inMessage(args);
        person = person == null ? null : scan.call().tool() + " carries " + person;
      }
      if (person != null) {
        return person; // decision 206
      }
    } else {
      for (Step step : scan.steps()) {
        if (!URL_PROGRAMS.contains(step.program())) {
          continue;
        }
        String host = null;
        boolean bodyIdentifies = false;
        List<Word> args = step.args();
        for (int i = 0; i < args.size(); i++) {
          String text = args.get(i).text();
          if (text.contains("://")) {
            host = host == null ? Hosts.of(text) : host;
            if (text.contains("?")) {
              urls.add(text);
            }
          } else if (BODY_OPTIONS.contains(text) && i + 1 < args.size()) {
            String body = args.get(i + 1).text();
            bodyIdentifies |= body.length() < 8192 && identifies(body);
          }
        }
        if (bodyIdentifies
            && host != null
            && !Hosts.loopback(host)
            && !Environments.localHost(host)) {
          return "health details in a request's body to " + host;
        }
      }
    }
    for (String url : urls) {
      int q = url.indexOf('?');
      String host = Hosts.of(url);
      if (q < 0 || host == null || Hosts.loopback(host) || Environments.localHost(host)) {
        continue;
      }
      if (ClinicalRequests.CLINICAL_URL.matcher(url.substring(0, q)).find()) {
        continue; // a search of the clinical system itself (FHIR's Patient?identifier=MRN|…)
      }
      String query = url.substring(q + 1, Math.min(url.length(), q + 1 + 8192));
      String decoded;
      try {
        decoded = URLDecoder.decode(query, StandardCharsets.UTF_8);
      } catch (IllegalArgumentException malformed) {
        decoded = query.replace('+', ' ');
      }
      if (identifies(decoded)) {
        return "health details in the query to " + host;
      }
    }
    return null;
  }

  /**
   * Whether a text identifies a person's health: an MRN, an SSN, a birth date, a patient's
   * diagnosis.
   */
  private static boolean identifies(String text) {
    return PatternLiterals.finds(QUERY_IDENTIFIES, text)
        || PatternLiterals.finds(PATIENT, text) && PatternLiterals.finds(DIAGNOSIS, text);
  }

  /** Whether a cloud's translation, NLP or model service (aws translate, comprehend…) reads it. */
  static boolean toService(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    boolean service = program.equals("trans") || program.equals("deepl");
    if (program.equals("aws") && !args.isEmpty()) {
      service = TEXT_SERVICES.contains(args.get(0).text());
    } else if (program.equals("gcloud") && args.size() > 1) {
      service =
          Set.of("ml", "ai", "healthcare").contains(args.get(0).text())
              && !args.get(1).text().equals("datasets");
    }
    if (!service) {
      return false;
    }
    for (Word word : args) {
      String text = word.text();
      String value = text.startsWith("file://") ? text.substring(7) : text;
      if (!text.startsWith("-")
          && (RegulatedData.marks(value) || !word.literal() && RegulatedData.marksWithin(text))) {
        return true;
      }
    }
    return false;
  }
}
