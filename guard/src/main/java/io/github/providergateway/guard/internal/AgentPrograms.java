package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.AgentFootprints.Footprint;
import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Opaque;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A coding agent in every form it runs in ({@link AgentFootprints}), read as the agent's own
 * program (issue 75): {@code npx @anthropic-ai/claude-code@2.1 -p x} (and {@code bunx}, {@code pnpm
 * dlx}, {@code yarn dlx}, {@code npm exec}, {@code pnpx}, which the parse has already taken off) is
 * {@code claude -p x}; so are Claude Code's installer's version ({@code
 * ~/.local/share/claude/versions/2.1.332}), a script of its npm package run by an interpreter
 * ({@code node …/@anthropic-ai/claude-code/cli.js}), a program whose real path on the disk is one
 * of these ({@code ./c} linked to it), one renamed ({@code claude.exe}), and one copied, linked or
 * renamed in the same call from an agent ({@code ln -s ~/.local/bin/claude c && ./c}). {@link Scan}
 * adds each as a program of its own, so that every rule that reads an agent's start reads it by its
 * name alone. A program found on the {@code PATH} by another name is not looked up.
 */
final class AgentPrograms {
  private AgentPrograms() {}

  /** Programs that run an agent's script: Node (the npm packages), Bun, Deno and the shells. */
  private static final Set<String> INTERPRETERS =
      NameSet.of("node", "nodejs", "bun", "deno", "tsx", "sh", "bash", "dash", "zsh", "busybox");

  /** An interpreter's options that take code rather than a script. */
  private static final Set<String> INLINE = NameSet.of("-c", "-e", "--eval", "-p", "--print");

  /** Node's options that take the next word as their value. */
  private static final Set<String> VALUED =
      NameSet.of("-r", "--require", "--import", "--loader", "--experimental-loader", "-C");

  /** What names a program by a lookup: {@code $(which claude)}, {@code `command -v codex`}. */
  private static final Pattern LOOKED_UP =
      Pattern.compile("(?:which|command\\s+-v|type\\s+-[pP]|whereis)\\s+([-\\w.]+)[)`]*$");

  /**
   * The agent {@code step} starts, as its own program with its arguments, when the step names it
   * another way than its usual name.
   *
   * @param scan the call's scan, for the disk
   * @param step a program of the call
   * @return the agent's invocation, or {@code null}
   */
  static Invocation of(Scan scan, Step step) {
    List<Word> words = step.invocation().words();
    if (words.isEmpty()) {
      return null;
    }
    Optional<Footprint> agent = named(scan, step, words.get(0));
    if (agent.isPresent()) {
      return step.program().equals(agent.get().program()) ? null : as(agent.get(), step, 1);
    }
    String program = withoutVersion(step.program());
    if (!INTERPRETERS.contains(program)) {
      return null;
    }
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (INLINE.contains(t)) {
        return null; // inline code: its own programs are read from it
      }
      if (VALUED.contains(t)) {
        i++;
      } else if (program.equals("deno") && t.equals("run")) {
        continue;
      } else if (!t.startsWith("-")) {
        Optional<Footprint> script = named(scan, step, words.get(i));
        return script.isPresent() ? as(script.get(), step, i + 1) : null;
      }
    }
    return null;
  }

  /**
   * The agents the call's programs start another way than by their names, each as a step of its
   * own, said in the explanation's notes.
   *
   * @param scan the call's scan
   * @param parsed its steps so far
   * @return the agents' steps
   */
  static List<Step> steps(Scan scan, List<Step> parsed) {
    List<Step> out = new ArrayList<>(0);
    for (Step step : parsed) {
      Invocation agent = of(scan, step);
      if (agent != null) {
        out.add(new Step(agent, step.cwds()));
        scan.note(step.shown() + ": an agent, read as " + Scan.render(agent));
      }
    }
    return out;
  }

  /**
   * The agents a call's programs made, linked, copied or renamed from one and then ran ({@code ln
   * -s ~/.local/bin/claude c && ./c --yolo}), which the parse leaves as opaque: each as a step of
   * the agent's own program with the arguments it was given.
   *
   * @param scan the call's scan
   * @param opaque what the parse could not read
   * @return the agents' steps
   */
  static List<Step> made(Scan scan, List<Opaque> opaque) {
    Path cwd = scan.call().cwd() == null ? null : scan.call().cwd().normalize();
    List<Step> out = new ArrayList<>(0);
    for (Opaque found : opaque) {
      // The parse says what a made program was made from as "./c (from ~/.local/bin/claude)".
      int from = found.what().lastIndexOf(" (from ");
      if (found.kind() != Opaque.Kind.MADE_PROGRAM || from < 0 || !found.what().endsWith(")")) {
        continue;
      }
      String source = found.what().substring(from + 7, found.what().length() - 1);
      Matcher lookup = LOOKED_UP.matcher(source);
      Optional<Footprint> agent =
          lookup.find()
              ? AgentFootprints.byName(lookup.group(1))
              : AgentFootprints.ofProgram(source);
      if (agent.isPresent()) {
        Invocation run = found.invocation();
        Invocation as = with(agent.get(), run, run.words().subList(1, run.words().size()));
        out.add(new Step(as, Collections.singletonList(cwd)));
        scan.note("made from an agent and run: read as " + Scan.render(as));
      }
    }
    return out;
  }

  /** The agent a word names as a program or a script: its name, its folders, or on the disk. */
  private static Optional<Footprint> named(Scan scan, Step step, Word word) {
    String text = word.text();
    Optional<Footprint> agent = AgentFootprints.ofProgram(text);
    if (agent.isEmpty()) {
      agent = AgentFootprints.ofPackage(text); // as npx and its kin leave it: @openai/codex@0.1
    }
    if (agent.isPresent() || text.indexOf('/') < 0 || scan.places().disk().none()) {
      return agent;
    }
    for (Target target : scan.targets(step, word)) {
      Target real = target.glob() == null ? scan.realPaths().of(target) : null;
      Path path = real == null ? null : real.path();
      if (path != null) {
        agent = AgentFootprints.ofProgram(path.toString());
        if (agent.isPresent()) {
          return agent;
        }
      }
    }
    return Optional.empty();
  }

  /** {@code python3.12} → {@code python}: the name without the version digits at its end. */
  static String withoutVersion(String program) {
    int end = program.length();
    while (end > 0 && versionChar(program.charAt(end - 1))) {
      end--;
    }
    return program.substring(0, end);
  }

  private static boolean versionChar(char c) {
    return c >= '0' && c <= '9' || c == '.';
  }

  /** The agent's own program with the step's words from {@code from} on. */
  private static Invocation as(Footprint agent, Step step, int from) {
    List<Word> words = step.invocation().words();
    return with(
        agent, step.invocation(), words.subList(Math.min(from, words.size()), words.size()));
  }

  private static Invocation with(Footprint agent, Invocation run, List<Word> args) {
    List<Word> words = new ArrayList<>(args.size() + 1);
    words.add(Word.literal(agent.program()));
    words.addAll(args);
    List<String> via = new ArrayList<>(run.via());
    via.add(run.program());
    return new Invocation(words, run.wrappers(), run.redirects(), via);
  }
}
