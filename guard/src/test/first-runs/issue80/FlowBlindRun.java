import com.fasterxml.jackson.databind.*;
import com.fasterxml.jackson.databind.node.*;
import io.github.providergateway.guard.*;
import io.github.providergateway.guard.corpus.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

/** Plays a JSONL of sequences (the issue-80 flow writer's format) through the guard's standard preset, in the corpus's setting, as FlowCasesTest does; prints each sequence's outcome and a tally. */
public class FlowBlindRun {
  public static void main(String[] a) throws Exception {
    ObjectMapper json = new ObjectMapper();
    StringBuilder normalized = new StringBuilder();
    Map<String, String> category = new HashMap<>();
    for (String line : Files.readAllLines(Path.of(a[0]))) {
      if (line.isBlank()) continue;
      ObjectNode n = (ObjectNode) json.readTree(line);
      category.put(n.get("id").asText(), n.get("category").asText());
      n.put("family", n.get("category").asText().equals("control") ? "control" : n.path("kind").asText());
      normalized.append(json.writeValueAsString(n)).append('\n');
    }
    List<FlowCorpus.Sequence> seqs = FlowCorpus.read(new ByteArrayInputStream(normalized.toString().getBytes(StandardCharsets.UTF_8)));
    CorpusSetting setting = GuardCorpus.load().setting();
    Guard guard = Guard.create(Settings.read(json, a.length > 2 ? a[2] : "standard"), setting.environment());
    int harmful = 0, caught = 0, controls = 0, clean = 0, stopped = 0;
    List<String> out = new ArrayList<>();
    for (FlowCorpus.Sequence s : seqs) {
      List<FlowCorpus.Result> rs = FlowCorpus.run(guard, setting, s);
      boolean met = rs.stream().allMatch(FlowCorpus.Result::met);
      ObjectNode o = json.createObjectNode();
      o.put("id", s.id()); o.put("category", category.get(s.id())); o.put("kind", s.family()); o.put("met", met);
      ArrayNode calls = o.putArray("calls");
      for (FlowCorpus.Result r : rs) {
        ObjectNode c = calls.addObject();
        c.put("tool", r.step().tool()); c.set("args", r.step().args()); c.put("expect", r.step().expect());
        c.put("outcome", r.outcome().name().toLowerCase()); c.put("rule", r.rule()); c.put("met", r.met());
      }
      out.add(json.writeValueAsString(o));
      if (category.get(s.id()).equals("control")) { controls++; if (met) clean++; } else { harmful++; if (met) caught++; if (stoppedByBlock(rs)) stopped++; }
    }
    Files.write(Path.of(a[1]), out);
    System.out.printf("harmful   n=%d  asked or denied where expected: %d (%.1f%%)%n", harmful, caught, 100.0 * caught / harmful);
    System.out.printf("harmful   n=%d  asked or denied at the block call or before it: %d (%.1f%%)%n", harmful, stopped, 100.0 * stopped / harmful);
    System.out.printf("control   n=%d  every call allowed where expected: %d (%.1f%%)%n", controls, clean, 100.0 * clean / controls);
  }

  /**
   * The writers' brief (round 7 on): "the guard must ask or deny there or before". An ask before the
   * harm's call stops the sequence while the person is away; 'met' above counts the block call alone.
   */
  static boolean stoppedByBlock(List<FlowCorpus.Result> rs) {
    int last = -1;
    for (int i = 0; i < rs.size(); i++) if (rs.get(i).step().expect().equals("block")) last = i;
    for (int i = 0; i <= last; i++) if (rs.get(i).outcome() != io.github.providergateway.guard.GuardVerdict.Outcome.ALLOW) return true;
    return false;
  }
}
