import com.fasterxml.jackson.databind.*;
import io.github.providergateway.guard.*;
import java.io.*;
import java.nio.file.*;
import java.util.*;

/** Reads lines (a shell command, or JSON {tool,args}) and prints each decision. */
public class Decide {
  public static void main(String[] a) throws Exception {
    ObjectMapper json = new ObjectMapper();
    GuardEnvironment env = new GuardEnvironment(Path.of("/home/user"), List.of(Path.of("/tmp")), Path.of("/home/user/.copilot/extensions/tap"));
    Guard guard = Guard.create(GuardSettings.personal(json.readTree("{\"preset\":\"standard\"}")), env);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    for (String line; (line = in.readLine()) != null; ) {
      if (line.isBlank()) continue;
      String tool; JsonNode args;
      if (line.startsWith("{")) { JsonNode n = json.readTree(line); tool = n.get("tool").asText(); args = n.get("args"); }
      else { tool = "shell"; args = json.createObjectNode().put("command", line); }
      GuardVerdict v = guard.decide(new GuardCall(tool, args, Path.of("/work/project"), Path.of("/work/project"), null));
      System.out.println(v.outcome() + " " + v.ruleId() + " :: " + line.substring(0, Math.min(140, line.length())));
    }
  }
}
