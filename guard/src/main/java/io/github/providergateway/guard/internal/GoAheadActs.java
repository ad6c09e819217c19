package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A trade's own tool told to go ahead, or pointed at another machine, whose command words hold no
 * read (decision 159, {@code shapes.go-ahead-acts}, a shape tried after every family): {@code vrctl
 * duplicates merge --auto --commit}, {@code ./bin/linecfg set line4 --tare-g 0 --apply}, {@code
 * hazlog close --server https://hazlog.ops.example.internal --all-open}. Decision 154 turned the
 * burden on production named; a tool that must be told {@code --commit} to act for real says by
 * that flag that it acts on something that matters, and a tool given another machine's address acts
 * there, whichever environment's name the call leaves out.
 *
 * <p>The reading is {@link ProductionActs}'s ({@link ProductionActs#unreadActWhere}): a program
 * that is no local developer's tool and that no family names, no HTTP client or remote shell, no
 * dry run, and no call that names a test or staging place; a command word that reads, or none at
 * all with a program not named for an act, is let through. Only the aim differs:
 *
 * <ul>
 *   <li>a flag that sends the act through ({@code goLiveFlags} in shape-words.json: {@code
 *       --commit}, {@code --confirm}, {@code --apply}, {@code --send}, {@code --execute}…), or a
 *       file of options out of sight ({@code @args});
 *   <li>a flag that only answers the tool's question or overwrites ({@code --yes}, {@code
 *       --force}), a yes piped to it or set in its environment, beside a command word that acts
 *       ({@code fleetctl depot-protection clear --force}; {@code multiqc qc/ --force} overwrites
 *       its report);
 *   <li>a host that is not this machine, a local name or a test endpoint, given by an option named
 *       for one ({@code --host}, {@code --server}, {@code --api-url}) or as a URL standing alone.
 * </ul>
 */
final class GoAheadActs {
  private GoAheadActs() {}

  /** Whether {@code step} is told to go ahead or aimed at another machine, and does not read. */
  static boolean acts(Scan scan, Step step) {
    if (ShapeWords.REMOTE_SHELLS.contains(step.program()) || step.program().equals("fab")) {
      return false; // ssh host '…', fab -H host -- …: the remote shell's rule reads what runs there
    }
    if (step.program().startsWith("-")) {
      return false; // docker run app --db host:5432: the image's arguments, no program of its own
    }
    return ProductionActs.unreadActWhere(scan, step, GoAheadActs::aimed, false);
  }

  /** The go-ahead flags that only answer a question or overwrite what is there. */
  private static final Set<String> ANSWERING =
      NameSet.of(
          "--force",
          "-f",
          "--yes",
          "-y",
          "--assume-yes",
          "--no-confirm",
          "--noconfirm",
          "--non-interactive",
          "--no-prompt",
          "--skip-confirmation");

  private static boolean answering(String text) {
    return ANSWERING.contains(text.toLowerCase(Locale.ROOT));
  }

  private static boolean aimed(Scan scan, Step step) {
    List<Word> args = step.args();
    boolean answering = TerminalTyping.anyWord(args, GoAheadActs::answering);
    // the words that may send the act through: all of them, but for the flags that only answer
    List<Word> sending = args;
    if (answering) {
      sending = new ArrayList<>(args.size());
      for (Word word : args) {
        if (!answering(word.text())) {
          sending.add(word);
        }
      }
    }
    if (ActReach.toldToGoLive(scan, sending) || GoAheadSaidOtherwise.toldToGoLive(step, sending)) {
      return true; // --commit, --apply; or a yes piped, an environment's go-ahead (below)
    }
    if (answering && SharedActs.actingWord(args)) {
      return true;
    }
    List<String> hosts = hostsGiven(args);
    hosts.addAll(GoAheadSaidOtherwise.hostsGiven(scan, args, HOST_PARTS));
    return SharedActs.anyOtherMachine(hosts);
  }

  /** The last part of an option's name that says its value is a machine's address. */
  private static final Set<String> HOST_PARTS =
      NameSet.of(
          "host",
          "hostname",
          "server",
          "url",
          "uri",
          "endpoint",
          "broker",
          "brokers",
          "addr",
          "gw", // mectl --gw me-ctl.ld4.example.internal:7700 (decision 225)
          "gateway",
          "rpcconnect", // bitcoin-cli -rpcconnect=node.example.internal
          "connect");

  /**
   * The hosts given by an option named for one ({@code --server x}, {@code --api-url=https://x}) or
   * by a URL standing as a positional word; a URL as another option's value ({@code
   * --download-url-prefix https://…}) is what the program writes, not where it acts.
   */
  private static List<String> hostsGiven(List<Word> args) {
    List<String> hosts = new ArrayList<>(1);
    boolean hostNext = false;
    boolean valueNext = false;
    for (Word word : args) {
      String text = word.text();
      boolean host = hostNext;
      boolean value = valueNext;
      hostNext = false;
      valueNext = false;
      if (!word.literal() || text.length() > 256) {
        continue;
      }
      if (text.startsWith("-")) {
        // --server=x, and a single dash's option given its value: -rpcconnect=x (decision 225)
        int dashes = text.startsWith("--") ? 2 : 1;
        int eq = text.indexOf('=');
        if (eq > 1) {
          if (hostOption(text.substring(dashes, eq))) {
            hosts.addAll(Environments.hostsOf(text.substring(eq + 1)));
          }
        } else if (dashes == 2) {
          hostNext = hostOption(text.substring(2));
          valueNext = !hostNext;
        } else {
          valueNext = true;
        }
      } else if (host || !value && text.contains("://")) {
        hosts.addAll(Environments.hostsOf(text));
      }
    }
    return hosts;
  }

  private static boolean hostOption(String name) {
    if (name.length() > 40) {
      return false;
    }
    List<String> parts = ServiceVerbs.split(name);
    return HOST_PARTS.contains(parts.get(parts.size() - 1));
  }
}
