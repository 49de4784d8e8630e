import ContractKitRuntime
/// The skeleton of the HTML report: the document, its style sheet and its one small script.
///
/// The page is one file with nothing to fetch: the style sheet and the script are inline,
/// and a Content Security Policy forbids every other source (no network, no external asset,
/// no script but the one whose hash it names). Everything is readable with scripts off; the
/// script only adds filters by severity, kind and locale. The page follows the reader's
/// light or dark scheme on screen and prints in the light colours without the filters.
enum HTMLPage {
  /// The whole document around `body`, which must already be HTML.
  static func document(title: String, body: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="\(policy)">
    <meta name="color-scheme" content="light dark">
    <title>\(HTMLText.escaped(title))</title>
    <style>
    \(style)</style>
    </head>
    <body>
    \(body)<script>\(script)</script>
    </body>
    </html>

    """
  }

  /// No source but the inline style sheet and the script below: a script the data smuggled
  /// in would not run even if escaping failed.
  static let policy =
    "default-src 'none'; style-src 'unsafe-inline'; script-src '\(scriptHash)'; "
    + "img-src 'none'; base-uri 'none'; form-action 'none'"

  /// The CSP hash of ``script``. After changing the script, recompute it with
  /// `printf '%s' "<script text>" | openssl dgst -sha256 -binary | base64`; the browser
  /// test fails (no filters appear) while it is wrong, and `HTMLReporterTests` checks it.
  static let scriptHash = "sha256-Q9n6gaialDsYGL4xM1USHtTrWgrzLzzXs6R8WBFR1pE="

  /// Adds the filters: one select each for severity, kind and locale, built from the
  /// findings' `data-` attributes; a finding shows when it matches all three. It creates
  /// elements and sets `textContent` only, so nothing it shows is parsed as HTML.
  static let script = """
    (function(){var p=document.getElementById('filters');if(!p)return;\
    var items=[].slice.call(document.querySelectorAll('article.finding'));\
    var keys=['severity','kind','locale'],sel={};\
    keys.forEach(function(k){var seen={},vals=[];items.forEach(function(a){\
    (a.getAttribute('data-'+k)||'').split(' ').forEach(function(v){\
    if(v&&!seen[v]){seen[v]=1;vals.push(v);}});});\
    var l=document.createElement('label');l.textContent=k+' ';\
    var s=document.createElement('select');s.id='filter-'+k;\
    ['all'].concat(vals).forEach(function(v){var o=document.createElement('option');\
    o.value=v;o.textContent=v;s.appendChild(o);});\
    s.addEventListener('change',apply);l.appendChild(s);p.appendChild(l);sel[k]=s;});\
    function apply(){items.forEach(function(a){var show=keys.every(function(k){\
    var v=sel[k].value;return v==='all'||(' '+a.getAttribute('data-'+k)+' ').indexOf(' '+v+' ')>=0;});\
    a.hidden=!show;});\
    [].slice.call(document.querySelectorAll('section.contract')).forEach(function(s){\
    s.hidden=!s.querySelector('article.finding:not([hidden])');});}\
    p.hidden=false;})();
    """

  /// Light colours by default, dark ones for a dark scheme, and print on white.
  static let style = """
    :root{--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--panel:#f6f8fa;\
    --error:#cf222e;--error-bg:#ffebe9;--warning:#9a6700;--warning-bg:#fff8c5;\
    --info:#0969da;--info-bg:#ddf4ff;--ok:#1a7f37;--ok-bg:#dafbe1;--del:#ffebe9;--add:#dafbe1}
    @media screen and (prefers-color-scheme: dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;\
    --line:#3d444d;--panel:#151b23;--error:#ff7b72;--error-bg:#5d1a1d;--warning:#e3b341;\
    --warning-bg:#4b3a0a;--info:#79c0ff;--info-bg:#0c2d6b;--ok:#56d364;--ok-bg:#0f3d1e;\
    --del:#5d1a1d;--add:#0f3d1e}}
    body{margin:0 auto;max-width:1200px;padding:16px 24px;background:var(--bg);color:var(--fg);\
    font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif}
    h1{font-size:22px;margin:8px 0}h2{font-size:18px;border-bottom:1px solid var(--line);\
    padding-bottom:4px;margin-top:28px}h3{font-size:16px;margin:20px 0 8px}
    h4{font-size:14px;margin:0 0 6px;font-weight:600}
    code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
    .verdict{font-size:28px;font-weight:700;margin:4px 0}.verdict.pass{color:var(--ok)}\
    .verdict.fail{color:var(--error)}.muted{color:var(--muted)}
    table{border-collapse:collapse}th,td{border:1px solid var(--line);padding:3px 8px;\
    text-align:left;vertical-align:top}
    .counts td{text-align:right}
    .matrix-wrap{overflow-x:auto}.matrix td{text-align:center;padding:2px 6px;font-size:12px}\
    .matrix th{white-space:nowrap}
    .matrix a{color:inherit;display:block;text-decoration:none}
    td.error,.badge.error{background:var(--error-bg);color:var(--error)}\
    td.warning,.badge.warning{background:var(--warning-bg);color:var(--warning)}\
    td.info,.badge.info{background:var(--info-bg);color:var(--info)}\
    td.ok{background:var(--ok-bg);color:var(--ok)}td.none{color:var(--muted)}
    .badge{border-radius:4px;padding:0 6px;font-weight:600}
    article.finding{border:1px solid var(--line);border-left-width:4px;border-radius:4px;\
    padding:8px 12px;margin:8px 0;break-inside:avoid}
    article.error{border-left-color:var(--error)}article.warning{border-left-color:var(--warning)}\
    article.info{border-left-color:var(--info)}
    article.finding:target{outline:2px solid var(--info)}
    .message{margin:4px 0;white-space:pre-wrap}.meta{margin:4px 0;color:var(--muted)}
    table.values{margin:6px 0}table.values td{max-width:520px;overflow-wrap:anywhere}
    pre.diff{background:var(--panel);border:1px solid var(--line);border-radius:4px;\
    padding:6px 0;overflow-x:auto;margin:6px 0}
    pre.diff span{display:block;padding:0 8px;white-space:pre}\
    pre.diff .del{background:var(--del)}pre.diff .add{background:var(--add)}\
    pre.diff .ctx{color:var(--muted)}
    .bar{display:flex;width:320px;height:12px;border:1px solid var(--line);border-radius:3px;\
    overflow:hidden}.bar span{display:block}.bar .resolved{background:var(--ok)}\
    .bar .fellback{background:var(--warning)}.bar .missing{background:var(--error)}
    .coverage td{white-space:nowrap}
    #filters{margin:8px 0;display:flex;gap:16px}#filters[hidden]{display:none}
    @media print{#filters{display:none}\
    body{max-width:none;padding:0}*{-webkit-print-color-adjust:exact;print-color-adjust:exact}\
    .matrix-wrap{overflow:visible}[hidden]{display:block}}

    """
}
