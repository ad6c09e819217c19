import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.*;
import java.nio.file.*;
import java.util.*;

/** Explain80 RULE OUT.tsv CASES.jsonl...: one line a single call: file, id, category, outcome, rule, whether RULE is among the matched lines. */
public class Explain80 {
  public static void main(String[] a) throws Exception {
    ObjectMapper json = new ObjectMapper();
    GuardEnvironment env = new GuardEnvironment(Path.of("/home/user"), List.of(Path.of("/tmp")), Path.of("/home/user/.copilot/extensions/tap"));
    Map<String, Guard> guards = new HashMap<>();
    for (String p : List.of("standard", "strict", "paranoid")) {
      guards.put(p, Guard.create(GuardSettings.personal(json.readTree("{\"preset\":\"" + p + "\"}")), env));
    }
    List<String> out = new ArrayList<>();
    for (int f = 2; f < a.length; f++) {
      int n = 0;
      for (String line : Files.readAllLines(Path.of(a[f]))) {
        n++;
        if (line.isBlank()) continue;
        JsonNode c = json.readTree(line);
        if (c.has("calls") || !c.has("tool")) continue;
        String cat = c.has("category") ? c.get("category").asText() : "ordinary";
        String preset = c.has("preset") ? c.get("preset").asText() : "standard";
        Path cwd = Path.of(c.has("cwd") && !c.get("cwd").isNull() ? c.get("cwd").asText() : "/work/project");
        Path project = c.path("session").asBoolean(true) ? Path.of("/work/project") : null;
        GuardExplanation e = guards.get(preset).explain(new GuardCall(c.get("tool").asText(), c.get("args"), project, cwd, null));
        String mine = "-";
        for (String m : e.matched()) {
          if (m.startsWith(a[0] + ": ")) mine = m.replace('\t', ' ').replace('\n', ' ');
        }
        String id = c.has("id") ? c.get("id").asText() : c.path("day").asText() + "#" + n;
        out.add(a[f] + "\t" + id + "\t" + cat + "\t" + e.verdict().outcome().name().toLowerCase() + "\t" + e.verdict().ruleId() + "\t" + mine);
      }
    }
    Files.write(Path.of(a[1]), out);
  }
}
