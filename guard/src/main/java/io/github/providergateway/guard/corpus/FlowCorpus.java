package io.github.providergateway.guard.corpus;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardVerdict.Outcome;
import io.github.providergateway.guard.SessionPast;
import io.github.providergateway.guard.SessionVerdict;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Sequences of calls in one session, each call with what the guard should decide given the calls
 * before it (the flow rules, docs/guard.md "A session remembers"): the blind set {@value #FRESH}
 * (written before the flow rules, by a writer who had read none of the guard) and {@value
 * #ORDINARY}, the ordinary-work suite as sequences. {@link #run} plays a sequence through a guard
 * as the gateway does: a call let through runs and is remembered; a question is answered yes
 * (unless the case says {@code "answer":"no"}) and the call runs, its places granted for the
 * session when a flow rule asked; a denied call does not run, and only the secret it tried to read
 * is kept ({@link SessionPast#attempted}).
 *
 * <p>A line: {@code {"id","family","note","calls":[{"tool","args","hints"?,"expect":
 * "block"|"allow"|"any","answer"?:"no"}]}}; {@code hints} are {@code openWorld}, {@code readOnly},
 * {@code destructive}, {@code provider}, {@code trust}. The session's project is the corpus's
 * ({@link GuardCorpus#setting}), its remotes {@link #REMOTES}.
 */
public final class FlowCorpus {

  /** The blind set. */
  public static final String FRESH = "fresh-flow.jsonl";

  /** The ordinary-work suite as sequences. */
  public static final String ORDINARY = "ordinary-flow.jsonl";

  /** The remotes of the corpus's project. */
  public static final Map<String, String> REMOTES =
      Map.of(
          "origin",
          "https://github.com/acme/shop.git",
          "upstream",
          "https://github.com/upstream-org/shop.git");

  private static final ObjectMapper JSON = new ObjectMapper();

  private FlowCorpus() {}

  /**
   * One call of a sequence.
   *
   * @param tool the tool's gateway name
   * @param args its arguments
   * @param hints what the tool declares of itself, or {@code null}
   * @param expect {@code block}, {@code allow} or {@code any}
   * @param answerNo whether the person says no if asked
   */
  public record Step(
      String tool, JsonNode args, GuardCall.ToolHints hints, String expect, boolean answerNo) {}

  /**
   * One sequence.
   *
   * @param id its id
   * @param family its family ({@code untrusted-then-send}, {@code ordinary}, …)
   * @param note its story
   * @param steps its calls, in order
   */
  public record Sequence(String id, String family, String note, List<Step> steps) {}

  /**
   * What one call came to.
   *
   * @param step the call
   * @param outcome what the guard decided
   * @param rule the rule that decided, or {@code null}
   * @param met whether the decision is what the case expects
   */
  public record Result(Step step, Outcome outcome, String rule, boolean met) {}

  /**
   * Reads a set shipped beside this class.
   *
   * @param name {@link #FRESH} or {@link #ORDINARY}
   * @return its sequences
   */
  public static List<Sequence> load(String name) {
    try (InputStream in = FlowCorpus.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the guard's jar has no " + name);
      }
      return read(in);
    } catch (IOException e) {
      throw new UncheckedIOException(name + " cannot be read", e);
    }
  }

  /**
   * Reads sequences, a JSON object a line.
   *
   * @param in the lines
   * @return the sequences
   * @throws IOException when they cannot be read
   */
  public static List<Sequence> read(InputStream in) throws IOException {
    List<Sequence> sequences = new ArrayList<>();
    BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode node = JSON.readTree(line);
      List<Step> steps = new ArrayList<>();
      for (JsonNode call : node.path("calls")) {
        JsonNode hints = call.get("hints");
        steps.add(
            new Step(
                call.path("tool").asText(),
                call.path("args"),
                hints == null
                    ? null
                    : new GuardCall.ToolHints(
                        bool(hints, "destructive"),
                        bool(hints, "readOnly"),
                        bool(hints, "openWorld"),
                        hints.path("provider").asText(null),
                        hints.path("trust").asText(null)),
                call.path("expect").asText("any"),
                "no".equals(call.path("answer").asText(""))));
      }
      sequences.add(
          new Sequence(
              node.path("id").asText(),
              node.path("family").asText(),
              node.path("note").asText(""),
              steps));
    }
    return sequences;
  }

  private static Boolean bool(JsonNode hints, String name) {
    JsonNode value = hints.get(name);
    return value == null || !value.isBoolean() ? null : value.asBoolean();
  }

  /**
   * Plays {@code sequence} through {@code guard} in the corpus's setting.
   *
   * @param guard the guard
   * @param setting the corpus's machine
   * @param sequence the calls
   * @return each call's result, in order
   */
  public static List<Result> run(Guard guard, CorpusSetting setting, Sequence sequence) {
    requireNonNull(guard, "guard");
    SessionPast past = SessionPast.start(REMOTES);
    Instant at = Instant.parse("2026-11-28T09:00:00Z");
    List<Result> results = new ArrayList<>();
    for (Step step : sequence.steps()) {
      at = at.plusSeconds(30);
      Path cwd = setting.cwd();
      GuardCall call =
          new GuardCall(step.tool(), step.args(), setting.project(), cwd, step.hints());
      SessionVerdict judged = guard.judge(call, past);
      Outcome outcome = judged.verdict().outcome();
      boolean met =
          switch (step.expect()) {
            case "block" -> outcome != Outcome.ALLOW;
            case "allow" -> outcome == Outcome.ALLOW;
            default -> true;
          };
      results.add(new Result(step, outcome, judged.verdict().ruleId(), met));
      boolean runs = outcome == Outcome.ALLOW || outcome == Outcome.ASK && !step.answerNo();
      SessionPast.PastCall ran =
          new SessionPast.PastCall(step.tool(), step.args().toString(), at, step.tool());
      if (!runs) {
        past = past.attempted(ran, judged.flow());
      } else {
        SessionPast before = past;
        past = past.after(ran, judged.flow());
        String rule = judged.verdict().ruleId();
        if (outcome == Outcome.ASK && rule != null && rule.startsWith("flow.")) {
          for (var sending : before.sendsOut(judged.flow())) {
            past = past.granting(rule, sending.to());
          }
        }
      }
    }
    return results;
  }
}
