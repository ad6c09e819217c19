package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The project's own tool that sends what it made to someone, given only options (decision 216):
 * {@code python -m pipeline.deliver --volume HALC-PROD-004 --to opposing-counsel}, {@code python -m
 * pipeline.produce --matter HALC-2024-031 --volume HALC-PROD-004 --deliver}. Such a tool has no
 * command word for {@link ProjectToolActs} to read; its name or a flag says what it does: a
 * production delivered to the other side cannot be recalled. A name or a flag sends when its first
 * part is one of {@link #SENDING} ({@code send_notices}, {@code --deliver}); a dry run, a test
 * place or test data named still let it through ({@link ProductionActs#unreadActWhere}, {@link
 * ProjectToolActs}).
 */
final class Deliveries {
  private Deliveries() {}

  /**
   * Whether the tool of {@code step}, whose own words are {@code args}, sends by its name or by a
   * flag.
   *
   * @param step the program
   * @param args the tool's own words, a script's after its path
   * @return whether it says it sends
   */
  static boolean sends(Step step, List<Word> args) {
    String name = bareName(step);
    List<String> parts = ServiceVerbs.split(name);
    if (name.length() < 64
        && (sending(parts) || plain(name, parts) && namedForSending(parts) && !ownOrDraft(args))) {
      // send_test_email.py: a tool named for a test sends to its tester
      return !Environments.testName(name)
          && parts.stream().noneMatch(ShapeWords.TEST_WORDS::contains);
    }
    boolean posts = plain(name, parts) && posting(parts);
    boolean recipients = plain(name, parts);
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (posts && CONTENT.contains(text)) {
        return true; // post_linkedin.js --text …: a post's words given to the tool that posts
      }
      String next = i + 1 < args.size() ? args.get(i + 1).text() : "-";
      if (text.startsWith("--") && text.length() < 40 && sendingFlag(text, next)) {
        return true; // --deliver, --send-now, --senden, --senden=ja
      }
      if (recipients && RECIPIENTS.contains(text) && address(next)) {
        return true; // quote-mail Q-12 --to einkauf@kunde.de: told whom to send it to (s. 19)
      }
    }
    return false;
  }

  /**
   * Whether a long option is a flag that sends: with no value, a yes or a true ({@code --senden
   * true}, {@code --senden=ja}: session 19's red team).
   */
  private static boolean sendingFlag(String text, String next) {
    int eq = text.indexOf('=');
    String option = eq > 0 ? text.substring(2, eq) : text.substring(2);
    boolean on =
        eq > 0
            ? YES.contains(text.substring(eq + 1).toLowerCase(Locale.ROOT))
            : next.startsWith("-") || YES_WORDS.contains(next.toLowerCase(Locale.ROOT));
    List<String> parts = ServiceVerbs.split(option);
    return on
        && (sending(parts)
            || ForeignActVerbs.sends(parts.get(0))
            || WIDER.contains(parts.get(0)) && parts.size() == 1);
  }

  /**
   * The words that turn a flag on when they follow it ({@code --senden true}); not a number, more
   * often an option's amount ({@code --drop-first-last-km 1}).
   */
  static final Set<String> YES_WORDS = NameSet.of("true", "yes", "ja", "oui", "si", "sí", "sim");

  /** The values that turn a flag on, in the languages {@link ForeignActVerbs} reads. */
  static final Set<String> YES =
      NameSet.of("true", "1", "yes", "on", "ja", "oui", "si", "sí", "sim", "y");

  /** The tool's name without its folders and extension: a script's, a module's, the program's. */
  static String bareName(Step step) {
    String path = ScriptRun.runs(step) ? ProductionActs.scriptName(step.args()) : step.program();
    String file = path.substring(path.lastIndexOf('/') + 1);
    int dot = file.indexOf('.');
    return dot > 0 ? file.substring(0, dot) : file;
  }

  /**
   * Whether a name neither reads nor is a developer's, in any part ({@code publish_docs}, {@code
   * notify-build}, {@code mail_preview}): the session 19 readings take only such names.
   */
  private static boolean plain(String name, List<String> parts) {
    return !name.isEmpty()
        && parts.stream()
            .noneMatch(part -> ShapeWords.READS.contains(part) || DevelopersCommand.named(part));
  }

  /**
   * Whether a name says it sends (session 19): a sending word last, after what it sends ({@code
   * invoice-send}, {@code newsletter_send}, {@code sms-blast}, {@code rechnung_versenden}), a word
   * that publishes first ({@code publish-listing}, {@code notify_tenants}), a sending word of
   * another language anywhere, or where it posts ({@code post_to_instagram}); not {@code mail} or
   * {@code email} last, as often the thing as the act ({@code parse_email}).
   */
  private static boolean namedForSending(List<String> parts) {
    String last = parts.get(parts.size() - 1);
    return parts.size() > 1
            && (SENDING.contains(last) && !last.equals("mail") && !last.equals("email")
                || WIDER.contains(last) && !last.equals("publish") // 311_publish (round 74)
                || parts.get(0).equals("post") && parts.get(1).equals("to"))
        || WIDER.contains(parts.get(0)) && parts.size() > 1 // not notify.py alone (LabRulesTest)
        || parts.stream().anyMatch(ForeignActVerbs::sends);
  }

  /**
   * Whether a tool named for publishing is told to make a draft ({@code won_publish.py … --draft
   * --out build/…pdf}) or posts to a chat channel of the team's own ({@code slack-notify --channel
   * '#cms-deploys'}): the merged rounds' ordinary work (session 19).
   */
  private static boolean ownOrDraft(List<Word> args) {
    for (Word word : args) {
      if (DRAFTS.contains(word.text())) {
        return true;
      }
    }
    return false;
  }

  /** The options that keep a publishing tool's work a draft, or within the team. */
  private static final Set<String> DRAFTS =
      NameSet.of("--draft", "--preview", "--entwurf", "--vorschau", "--brouillon", "--channel");

  /** Whether the first of {@code parts} is a word of {@link #SENDING}. */
  private static boolean sending(List<String> parts) {
    return !parts.isEmpty() && SENDING.contains(parts.get(0));
  }

  /**
   * Whether a name posts ({@code post}, {@code social_post}, {@code post_linkedin}, {@code tweet}):
   * such a tool given a post's words posts them (session 19); {@code post_install} is given none,
   * and {@code tweet-length} names no place it posts to.
   */
  private static boolean posting(List<String> parts) {
    String first = parts.get(0);
    return POSTS.contains(parts.get(parts.size() - 1))
        || POSTS.contains(first) && PLATFORMS.contains(parts.get(1));
  }

  /**
   * The words that send what a tool made to someone else, first in its name or its flag; not the
   * wider {@code sendingOptions} ({@code replace}, {@code overwrite}, {@code approve}: a local
   * script's names as often).
   */
  private static final Set<String> SENDING =
      NameSet.of("send", "deliver", "transmit", "submit", "email", "mail");

  /**
   * Words that publish, broadcast or disclose, read in a plain name first or last (session 19):
   * what is published reaches everyone at once.
   */
  private static final Set<String> WIDER =
      NameSet.of("publish", "broadcast", "blast", "notify", "disclose");

  /** The parts of a name that post to an audience. */
  private static final Set<String> POSTS = NameSet.of("post", "tweet", "toot", "share");

  /** Where a tool named for posting posts: {@code post_linkedin}, {@code post_to_x}. */
  private static final Set<String> PLATFORMS =
      NameSet.of(
          "to",
          "linkedin",
          "instagram",
          "insta",
          "facebook",
          "fb",
          "twitter",
          "x",
          "mastodon",
          "bluesky",
          "threads",
          "tiktok",
          "slack",
          "discord",
          "teams",
          "telegram",
          "whatsapp",
          "reddit",
          "blog",
          "page",
          "social");

  /** The options that give a post's or a message's words or pictures. */
  private static final Set<String> CONTENT =
      NameSet.of(
          "--text",
          "--message",
          "--msg",
          "--caption",
          "--body",
          "--status",
          "--image",
          "--images",
          "--photo",
          "--photos",
          "--media");

  /** The options that name whom a tool sends to. */
  private static final Set<String> RECIPIENTS =
      NameSet.of("--to", "--an", "--recipient", "--recipients", "--cc", "--bcc", "--destinataire");

  /** Whether a value is a person's mail address or a phone number ({@code +4915112345678}). */
  private static boolean address(String value) {
    int at = value.indexOf('@');
    if (at > 0 && value.indexOf('.', at) > at && value.indexOf('/') < 0) {
      return true;
    }
    return value.length() >= 9
        && value.charAt(0) == '+'
        && value.substring(1).chars().allMatch(Character::isDigit);
  }
}
