import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.*;
import java.nio.file.*;
import java.util.*;

/** NotionRun <prefixes> <out.tsv> files...: for each case prints id, category, guard outcome, rule, and the notion's own match (rules whose id starts with one of the comma-separated prefixes). */
public class NotionRun {
  public static void main(String[] a) throws Exception {
    ObjectMapper json = new ObjectMapper();
    GuardEnvironment env = new GuardEnvironment(Path.of("/home/user"), List.of(Path.of("/tmp")), Path.of("/home/user/.copilot/extensions/tap"));
    Guard guard = Guard.create(GuardSettings.personal(json.readTree("{\"preset\":\"standard\"}")), env);
    List<String> out = new ArrayList<>();
    for (int i = 2; i < a.length; i++) {
      int n = 0;
      for (String line : Files.readAllLines(Path.of(a[i]))) {
        n++;
        if (line.isBlank()) continue;
        JsonNode c = json.readTree(line);
        if (!c.has("tool") || !c.has("args")) continue;
        String cat = c.has("category") ? c.get("category").asText() : "ordinary";
        Path cwd = Path.of(c.has("cwd") && !c.get("cwd").isNull() ? c.get("cwd").asText() : "/work/project");
        GuardCall call = new GuardCall(c.get("tool").asText(), c.get("args"), Path.of("/work/project"), cwd, null);
        GuardExplanation x = guard.explain(call);
        String mine = "-";
        for (String m : x.matched()) if (Arrays.stream(a[0].split(",")).anyMatch(m::startsWith)) { mine = m.replace('\t',' ').replace('\n',' '); break; }
        String id = c.has("id") ? c.get("id").asText() : (Path.of(a[i]).getFileName() + ":" + n);
        out.add(a[i] + "\t" + id + "\t" + cat + "\t" + x.verdict().outcome().name().toLowerCase() + "\t" + x.verdict().ruleId() + "\t" + mine);
      }
    }
    Files.write(Path.of(a[1]), out);
  }
}
