// The simulated feed's made-up players. A league names its pool (leagues.player_pool, migration 012).

/**
 * Surnames for made-up players, by the flavour of the competition: the Chinese name the incidents and
 * squads are keyed by, and the English one the English and Vietnamese site shows. A name in more than
 * one flavour has the same English name in each.
 */
export const playerNames = {
  en: [
    ['史密斯', 'Smith'], ['约翰逊', 'Johnson'], ['沃克', 'Walker'], ['布朗', 'Brown'], ['泰勒', 'Taylor'], ['威尔逊', 'Wilson'],
    ['汤普森', 'Thompson'], ['怀特', 'White'], ['哈里斯', 'Harris'], ['克拉克', 'Clarke'], ['刘易斯', 'Lewis'], ['罗宾逊', 'Robinson'],
    ['伍德', 'Wood'], ['霍尔', 'Hall'], ['格林', 'Green'], ['贝克', 'Baker'], ['斯科特', 'Scott'], ['亚当斯', 'Adams'],
    ['米切尔', 'Mitchell'], ['坎贝尔', 'Campbell'], ['卡特', 'Carter'], ['菲利普斯', 'Phillips'],
  ],
  es: [
    ['加西亚', 'García'], ['罗德里格斯', 'Rodríguez'], ['马丁内斯', 'Martínez'], ['洛佩斯', 'López'], ['桑切斯', 'Sánchez'],
    ['佩雷斯', 'Pérez'], ['戈麦斯', 'Gómez'], ['费尔南德斯', 'Fernández'], ['迪亚斯', 'Díaz'], ['莫雷诺', 'Moreno'], ['阿隆索', 'Alonso'],
    ['纳瓦罗', 'Navarro'], ['托雷斯', 'Torres'], ['拉莫斯', 'Ramos'], ['希门尼斯', 'Jiménez'], ['鲁伊斯', 'Ruiz'],
    ['伊格莱西亚斯', 'Iglesias'], ['卡斯特罗', 'Castro'],
  ],
  it: [
    ['罗西', 'Rossi'], ['鲁索', 'Russo'], ['费拉里', 'Ferrari'], ['埃斯波西托', 'Esposito'], ['比安奇', 'Bianchi'], ['罗马诺', 'Romano'],
    ['科隆博', 'Colombo'], ['里奇', 'Ricci'], ['马里尼', 'Marini'], ['孔蒂', 'Conti'], ['德卢卡', 'De Luca'], ['加洛', 'Gallo'],
    ['科斯塔', 'Costa'], ['方塔纳', 'Fontana'], ['巴尔迪', 'Baldi'], ['萨巴蒂尼', 'Sabatini'], ['蒙蒂', 'Monti'],
  ],
  de: [
    ['穆勒', 'Müller'], ['施密特', 'Schmidt'], ['施耐德', 'Schneider'], ['菲舍尔', 'Fischer'], ['韦伯', 'Weber'], ['迈耶', 'Meyer'],
    ['瓦格纳', 'Wagner'], ['贝克尔', 'Becker'], ['舒尔茨', 'Schulz'], ['霍夫曼', 'Hoffmann'], ['克莱因', 'Klein'], ['沃尔夫', 'Wolf'],
    ['施罗德', 'Schröder'], ['诺伊曼', 'Neumann'], ['布劳恩', 'Braun'], ['齐默尔曼', 'Zimmermann'],
  ],
  cn: [
    ['张伟', 'Zhang Wei'], ['王磊', 'Wang Lei'], ['李想', 'Li Xiang'], ['刘洋', 'Liu Yang'], ['陈涛', 'Chen Tao'],
    ['杨帆', 'Yang Fan'], ['赵鹏', 'Zhao Peng'], ['黄博', 'Huang Bo'], ['周俊', 'Zhou Jun'], ['吴昊', 'Wu Hao'],
    ['徐亮', 'Xu Liang'], ['孙浩', 'Sun Hao'], ['马宁', 'Ma Ning'], ['朱辰', 'Zhu Chen'], ['胡杨', 'Hu Yang'], ['郭嘉', 'Guo Jia'],
    ['林峰', 'Lin Feng'], ['何旭', 'He Xu'], ['高远', 'Gao Yuan'], ['罗毅', 'Luo Yi'],
  ],
  mix: [
    ['席尔瓦', 'Silva'], ['费尔南德斯', 'Fernández'], ['穆勒', 'Müller'], ['罗西', 'Rossi'], ['范戴克', 'Van Dijk'], ['德容', 'De Jong'],
    ['门德斯', 'Mendes'], ['科斯塔', 'Costa'], ['桑托斯', 'Santos'], ['马丁内斯', 'Martínez'], ['史密斯', 'Smith'], ['施密特', 'Schmidt'],
    ['迪马利亚', 'Di María'], ['奥利维拉', 'Oliveira'], ['佩雷拉', 'Pereira'], ['范德贝克', 'Van de Beek'],
  ],
  nba: [
    ['约翰逊', 'Johnson'], ['威廉姆斯', 'Williams'], ['琼斯', 'Jones'], ['戴维斯', 'Davis'], ['米勒', 'Miller'], ['安德森', 'Anderson'],
    ['杰克逊', 'Jackson'], ['哈里斯', 'Harris'], ['汤普森', 'Thompson'], ['格林', 'Green'], ['布朗', 'Brown'], ['怀特', 'White'],
    ['亚当斯', 'Adams'], ['华莱士', 'Wallace'], ['霍华德', 'Howard'], ['巴特勒', 'Butler'],
  ],
  eu: [
    ['佩特洛维奇', 'Petrović'], ['约基奇', 'Jokić'], ['帕帕斯', 'Pappas'], ['萨博尼斯', 'Sabonis'], ['拉里', 'Lari'],
    ['米洛萨夫列维奇', 'Milosavljević'], ['卡拉斯', 'Karras'], ['杜兰德', 'Durand'], ['赫兹', 'Hertz'], ['托马斯', 'Thomas'],
    ['斯洛库姆', 'Slocum'], ['马丁', 'Martin'], ['米茨基亚维丘斯', 'Mickevičius'], ['尤尔特塞文', 'Yurtseven'],
  ],
  esports: [
    ['Bin', 'Bin'], ['Knight', 'Knight'], ['Elk', 'Elk'], ['Ruler', 'Ruler'], ['Tian', 'Tian'], ['Xun', 'Xun'],
    ['Zeus', 'Zeus'], ['Scout', 'Scout'], ['Meiko', 'Meiko'], ['JackeyLove', 'JackeyLove'], ['Wayward', 'Wayward'],
    ['Shanks', 'Shanks'], ['Hope', 'Hope'], ['Kael', 'Kael'], ['Leave', 'Leave'], ['Breathe', 'Breathe'],
    ['Jiejie', 'Jiejie'], ['Creme', 'Creme'],
  ],
} satisfies Record<string, Array<[zh: string, en: string]>>;

/** The pools a league may name. */
export type PlayerPool = keyof typeof playerNames;

export function isPlayerPool(pool: string | null): pool is PlayerPool {
  return pool !== null && Object.hasOwn(playerNames, pool);
}
