package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Publishing harms of a one-person business (session 17, round 74's musician and podcaster): a
 * site's drafts built and deployed in one command ({@code hugo -D … && rsync … web1:/var/www/…}),
 * contacts imported to a list without the double opt-in that proves consent, and the account's
 * social posts deleted by age. A feed blocked or moved to another host is {@link NewsroomEdits}'.
 *
 * <p>Not read here: drafts built for a local preview ({@code hugo -D server}, a build alone), a
 * deploy without drafts, an import that keeps the opt-in, a cleanup run dry.
 */
final class PublishingHarms {
  private PublishingHarms() {}

  /** A remote place of rsync or scp: {@code host:/path}, {@code user@host:path}. */
  private static final Pattern REMOTE = Pattern.compile("^(?:[\\w.-]+@)?[\\w.-]+:(?!//).*");

  /** An option that turns the double opt-in off. */
  private static final Pattern NO_OPT_IN =
      Pattern.compile(
          "(?i)^--?(?:no|skip|disable|without|bypass)[-_]?(?:double[-_]?)?opt[-_]?in"
              + "|^--?(?:double[-_]?)?opt[-_]?in(?:[-_]required)?=(?:false|no|0|off|none)$"
              + "|^--?(?:no|skip)[-_]?confirm(?:ation)?[-_]?(?:email|mail)s?$");

  /** An option that deletes by age. */
  private static final Pattern BY_AGE =
      Pattern.compile(
          "(?i)^--(?:delete[-_])?(?:older[-_]than|before|delete[-_]before|max[-_]age)(?:=.*)?$");

  /** Words that name a social account or its posts. */
  private static final Pattern SOCIAL =
      Pattern.compile(
          "(?i)toot|tweet|mastodon|twitter|bsky|bluesky|social|instagram|facebook|threads|fedi"
              + "|^@\\w+@[\\w.-]+$|posts?\\b");

  /** Words a cleanup that deletes holds, in any case. */
  private static final Pattern DELETING =
      Pattern.compile("(?i)delete|clean|purge|wipe|remove|prune");

  /** The clues of {@link #optInSkipped}: each option {@link #NO_OPT_IN} finds holds one. */
  static final CallClues OPT_IN_NAMED = CallClues.of("opt", "confirm");

  /** The clues of {@link #socialPostsDeleted}: the words of {@link #DELETING}. */
  static final CallClues DELETING_NAMED =
      CallClues.of("delete", "clean", "purge", "wipe", "remove", "prune");

  /**
   * Whether the command builds a site's drafts and a later program deploys it.
   *
   * @param scan the call
   * @return the drafts' build, or {@code null}
   */
  static String draftsDeployed(Scan scan) {
    List<Step> steps = scan.steps();
    for (int i = 0; i < steps.size(); i++) {
      if (!buildsDrafts(steps.get(i))) {
        continue;
      }
      for (int j = i + 1; j < steps.size(); j++) {
        if (deploys(steps.get(j))) {
          return steps.get(i).program() + " with drafts, then " + steps.get(j).program();
        }
      }
    }
    return null;
  }

  private static boolean buildsDrafts(Step step) {
    String program = step.program();
    boolean drafts = false;
    boolean serves = false;
    for (Word word : step.args()) {
      String text = word.text();
      drafts |=
          program.equals("hugo") && (text.equals("-D") || text.equals("--buildDrafts"))
              || (program.equals("zola") || program.equals("jekyll")) && text.equals("--drafts");
      serves |= text.equals("server") || text.equals("serve") || text.equals("s");
    }
    return drafts && !serves;
  }

  private static boolean deploys(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    String first = args.isEmpty() ? "" : args.get(0).text();
    String all = Scan.render(step.invocation());
    return switch (program) {
      case "rsync", "scp", "sftp" -> anyArg(args, REMOTE);
      case "aws" -> all.contains("s3://");
      case "gsutil", "gcloud" -> all.contains("gs://");
      case "rclone" -> (first.equals("copy") || first.equals("sync")) && args.size() > 2;
      case "netlify", "vercel", "firebase", "wrangler", "surge", "gh-pages", "ghp-import" -> true;
      case "make", "npm", "pnpm", "yarn", "just" -> all.matches("(?s).*\\bdeploy\\b.*");
      case "hugo" -> first.equals("deploy");
      default -> false;
    };
  }

  private static boolean anyArg(List<Word> args, Pattern pattern) {
    for (Word word : args) {
      if (!word.text().startsWith("-") && pattern.matcher(word.text()).matches()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the program is told to skip the double opt-in of a list it adds people to.
   *
   * @param step the program
   * @return whether it is
   */
  static boolean optInSkipped(Step step) {
    for (Word word : step.args()) {
      if (word.text().length() < 80 && NO_OPT_IN.matcher(word.text()).find()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a program deletes an account's social posts by their age, not run dry.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean socialPostsDeleted(Step step) {
    boolean byAge = false;
    boolean social = false;
    boolean deletes = false;
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() > 200) {
        continue;
      }
      String lower = text.toLowerCase(Locale.ROOT);
      if (lower.equals("--dry-run") || lower.equals("-n") || lower.equals("--preview")) {
        return false;
      }
      byAge |= BY_AGE.matcher(text).matches();
      social |= SOCIAL.matcher(text).find();
      deletes |= DELETING.matcher(text).find();
    }
    return byAge && social && deletes;
  }
}
