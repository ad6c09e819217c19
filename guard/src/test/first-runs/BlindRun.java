import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.*;
import java.nio.file.*;
import java.util.*;

/** Runs a JSONL of calls through the guard (standard, or the preset or person's settings file given third; session in place) and prints decisions and a tally. */
public class BlindRun {
  public static void main(String[] a) throws Exception {
    ObjectMapper json = new ObjectMapper();
    String preset = a.length > 2 ? a[2] : "standard";
    GuardEnvironment env = new GuardEnvironment(Path.of("/home/user"), List.of(Path.of("/tmp")), Path.of("/home/user/.copilot/extensions/tap"));
    Guard guard = Guard.create(Settings.read(json, preset), env);
    Map<String, int[]> tally = new TreeMap<>();
    List<String> out = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(a[0]))) {
      if (line.isBlank()) continue;
      JsonNode c = json.readTree(line);
      String cat = c.has("category") ? c.get("category").asText() : "ordinary";
      Path cwd = Path.of(c.has("cwd") && !c.get("cwd").isNull() ? c.get("cwd").asText() : "/work/project");
      Path project = "none".equals(System.getenv("SESSION")) ? null : Path.of("/work/project");
      GuardVerdict v = guard.decide(new GuardCall(c.get("tool").asText(), c.get("args"), project, cwd, null));
      int[] t = tally.computeIfAbsent(cat, k -> new int[3]);
      t[v.outcome().ordinal()]++;
      ObjectNode o = json.createObjectNode();
      o.put("id", c.has("id") ? c.get("id").asText() : c.path("day").asText());
      o.put("category", cat);
      o.put("outcome", v.outcome().name().toLowerCase());
      o.put("rule", v.ruleId());
      o.put("reason", v.reason());
      o.set("args", c.get("args"));
      o.put("tool", c.get("tool").asText());
      out.add(json.writeValueAsString(o));
    }
    Files.write(Path.of(a[1]), out);
    for (var e : tally.entrySet()) {
      int[] t = e.getValue(); int n = t[0] + t[1] + t[2];
      System.out.printf("%-12s n=%3d  allow %5.1f%% (%d)  ask %5.1f%% (%d)  deny %5.1f%% (%d)  blocked %5.1f%%%n", e.getKey(), n,
          100.0 * t[0] / n, t[0], 100.0 * t[1] / n, t[1], 100.0 * t[2] / n, t[2], 100.0 * (t[1] + t[2]) / n);
    }
  }
}
